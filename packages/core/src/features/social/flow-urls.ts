import type { AuthContext } from '../../context.ts';
import type { Answer } from '../../http/answer.ts';
import { redirectResponse } from '../../http/respond.ts';
import type { SocialProvider } from './providers/provider.ts';

/** Where callback failures land when the flow named no error URL (`onAPIError.errorURL`). */
export const defaultErrorURL = (auth: AuthContext): string => auth.options.errorURL;

/** The redirect URI sent to the provider, in both the authorization request and the code exchange. */
export const redirectURIOf = (auth: AuthContext, provider: SocialProvider): string =>
  provider.settings.redirectURI ?? `${auth.options.origin}${auth.options.basePath}/callback/${provider.id}`;

/**
 * `<url>?error=<code>` (docs/protocol/social.md#callback-steps): appended with `&` when the URL has a query,
 * before any fragment; a relative URL stays relative.
 */
export function withError(url: string, code: string, description?: string): string {
  const hash = url.indexOf('#');
  const base = hash >= 0 ? url.slice(0, hash) : url;
  const fragment = hash >= 0 ? url.slice(hash) : '';
  let query = `error=${encodeURIComponent(code)}`;
  if (description) query += `&error_description=${encodeURIComponent(description)}`;
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

/** A 302 to an error URL; the cookies already queued on the request go with it. */
export const errorRedirect = (url: string, code: string, description?: string): Answer =>
  redirectResponse(withError(url, code, description), []);
