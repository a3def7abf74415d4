import type { AuthContext } from '../context.ts';
import { AuthError, type ErrorCode } from '../errors.ts';
import type { RequestContext } from './request-context.ts';

/**
 * Router-wide CSRF defence for state-changing requests (docs/protocol/core.md#origin-and-csrf-checks): a
 * request that carries cookies must name a trusted Origin (or Referer). Requests without cookies cannot ride
 * on a browser session, so they pass.
 */
export function checkRequestOrigin(auth: AuthContext, request: RequestContext): void {
  if (!request.header('cookie')) return;
  checkOriginHeader(auth, request);
}

/**
 * Sign-in and sign-up also defend against login CSRF from cookie-less browsers
 * (docs/protocol/core.md#sign-in-form-csrf): a cross-site top-level navigation is refused outright, and any
 * request showing browser signs (fetch metadata, Origin or Referer) must come from a trusted origin.
 */
export function checkFormOrigin(auth: AuthContext, request: RequestContext): void {
  const site = request.header('sec-fetch-site');
  const mode = request.header('sec-fetch-mode');
  const hasCookies = request.header('cookie') !== null;
  const hasFetchMetadata = site !== null || mode !== null || request.header('sec-fetch-dest') !== null;
  const hasOrigin = request.header('origin') !== null || request.header('referer') !== null;
  if (!hasCookies && hasFetchMetadata && site === 'cross-site' && mode === 'navigate') {
    throw new AuthError('CROSS_SITE_NAVIGATION_LOGIN_BLOCKED');
  }
  if (hasCookies || hasFetchMetadata || hasOrigin) checkOriginHeader(auth, request);
}

function checkOriginHeader(auth: AuthContext, request: RequestContext): void {
  let candidate = request.header('origin') ?? request.header('referer');
  if (candidate === 'null' && request.header('sec-fetch-site') === 'same-origin')
    candidate = request.url.origin;
  if (!candidate || candidate === 'null') throw new AuthError('MISSING_OR_NULL_ORIGIN');
  if (!auth.origins.isTrustedOrigin(candidate)) throw new AuthError('INVALID_ORIGIN');
}

/** The body fields naming redirect targets, and the refusal for an untrusted one. */
export const REDIRECT_FIELDS: readonly [field: string, code: ErrorCode][] = [
  ['callbackURL', 'INVALID_CALLBACK_URL'],
  ['redirectTo', 'INVALID_REDIRECT_URL'],
  ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL'],
  ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL'],
];

/** Every redirect target a client names must be trusted, so the server never becomes an open redirect. */
export function checkRedirectFields(auth: AuthContext, body: unknown, query: URLSearchParams): void {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  for (const [field, code] of REDIRECT_FIELDS) {
    const value = record[field] ?? (field === 'callbackURL' ? query.get(field) : undefined);
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || !auth.origins.isTrustedRedirect(value)) throw new AuthError(code);
  }
}
