import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { redirectURIOf } from './flow-urls.ts';
import { createOAuthState, type LinkIntent, urlSafeRandom } from './oauth-state.ts';
import type { SocialProvider } from './providers/provider.ts';
import type { SignInSocialBody } from './social-schemas.ts';

/** The configured provider, or 404 PROVIDER_NOT_FOUND. */
export function providerOr404(auth: AuthContext, id: string): SocialProvider {
  const provider = auth.providers.get(id);
  if (!provider) throw new AuthError('PROVIDER_NOT_FOUND');
  return provider;
}

/**
 * The redirect branch of sign-in and link (docs/protocol/social.md#redirect-branch): state and PKCE verifier
 * stored, the authorization URL built, and the answer 200 `{url, redirect}` with a Location header — not a
 * 302, because the client navigates itself.
 */
export async function startRedirectFlow(
  auth: AuthContext,
  request: RequestContext,
  provider: SocialProvider,
  body: Omit<SignInSocialBody, 'newUserCallbackURL'> & { newUserCallbackURL?: string },
  link?: LinkIntent,
): Promise<{ url: string; redirect: boolean }> {
  const nonce = provider.requiresNonce ? urlSafeRandom(32) : undefined;
  const { state, codeVerifier } = await createOAuthState(auth, request, {
    callbackURL: body.callbackURL || auth.options.origin,
    errorURL: body.errorCallbackURL,
    newUserURL: body.newUserCallbackURL,
    link,
    requestSignUp: body.requestSignUp,
    idTokenNonce: nonce,
    additionalData: body.additionalData,
  });
  const url = await provider.authorizationURL({
    state,
    codeVerifier,
    redirectURI: redirectURIOf(auth, provider),
    scopes: body.scopes ?? [],
    loginHint: body.loginHint,
    nonce,
    additionalParams: body.additionalParams,
  });
  const redirect = body.disableRedirect !== true;
  if (redirect) request.headers.push(['location', url.toString()]);
  return { url: url.toString(), redirect };
}
