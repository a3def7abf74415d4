import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { redirectResponse } from '../../http/respond.ts';
import { recordCallbackRefusal } from './callback-refusal.ts';
import { defaultErrorURL, errorRedirect, redirectURIOf } from './flow-urls.ts';
import { linkFromCallback } from './link-from-callback.ts';
import { consumeOAuthState, type StatePayload } from './oauth-state.ts';
import type { OAuthTokens, ProviderProfile } from './providers/provider.ts';
import type { VerifiedProfile } from './sign-in-with-profile.ts';
import { signInWithProfile } from './sign-in-with-profile.ts';
import { reasonCode, SocialFlowError } from './social-flow-error.ts';
import { callbackQuery } from './social-schemas.ts';

/**
 * GET /callback/:id (docs/protocol/social.md#callback-steps): the provider sends the browser back here. Every
 * failure is a 302 to an error URL with `?error=<code>`: the default one until the state was read, then the
 * flow's own.
 */
export const callbackGet = defineEndpoint({
  name: 'callbackOAuth',
  method: 'GET',
  path: '/callback/:id',
  summary: 'Where the provider sends the browser back',
  description:
    "Finishes a sign-in or a link and redirects to the flow's `callbackURL`. Every failure is a redirect to " +
    'an error URL with `?error=CODE`.',
  query: callbackQuery,
  requires: 'none',
  // Every outcome is a redirect: failures travel as `?error=` to the flow's error URL.
  errors: [],
  redirects: true,
  async handler({ auth, request, query, params }) {
    const fallback = defaultErrorURL(auth);
    // Every refusal is recorded with the code the browser is sent away with.
    let state: StatePayload | undefined;
    const refuse = async (url: string, code: string, description?: string) => {
      await recordCallbackRefusal(auth, request, params.id, state, code);
      return errorRedirect(url, code, description);
    };
    if (!query.state) return refuse(fallback, 'state_not_found');
    const check = await consumeOAuthState(auth, request, query.state);
    if (!check.ok) {
      state = check.payload;
      return refuse(check.payload?.errorURL ?? fallback, check.error);
    }
    state = check.payload;
    const errorURL = state.errorURL ?? fallback;
    // A flow that signs in (not one that links) is a sign-in attempt; its failures are redirects,
    // so the host hears their code from here. A provider's own error is any text it sends: the
    // host hears one word for all of them, so no caller can mint new metric series.
    if (!state.link) request.outcome.signingIn('social');
    const fail = (code: string, description?: string, outcome = code) => {
      request.outcome.signInEnded(outcome);
      return refuse(errorURL, code, description);
    };

    if (query.error) return fail(query.error, query.error_description, 'provider_error');
    if (!query.code) return fail('no_code');
    const provider = auth.providers.get(params.id ?? '');
    if (!provider) return fail('oauth_provider_not_found');
    const issuer = await provider.issuer?.().catch(() => undefined);
    if (query.iss && issuer && query.iss !== issuer) return fail('issuer_mismatch');
    if (provider.requiresNonce && !state.idTokenNonce) return fail('nonce_binding_missing');

    let tokens: OAuthTokens;
    try {
      tokens = await provider.exchangeCode(query.code, state.codeVerifier, redirectURIOf(auth, provider));
    } catch {
      return fail('invalid_code');
    }
    let profile: ProviderProfile | null;
    try {
      profile = await provider.userInfo({
        tokens,
        nonce: state.idTokenNonce,
        postedUser: parseUser(query.user),
      });
    } catch {
      profile = null;
    }
    if (!profile?.accountId) return fail('unable_to_get_user_info');
    if (!state.callbackURL) return fail('no_callback_url');
    if (state.link) return linkFromCallback(auth, request, provider, profile, tokens, state, fail);
    if (!profile.user.email) return fail('email_not_found');

    const { disableImplicitSignUp, disableSignUp } = provider.settings;
    try {
      const { isNew, outcome } = await signInWithProfile(
        auth,
        request,
        provider,
        profile as VerifiedProfile,
        tokens,
        {
          disableSignUp: (disableImplicitSignUp && !state.requestSignUp) || disableSignUp,
          callbackURL: state.callbackURL,
        },
      );
      const destination = isNew && state.newUserURL ? state.newUserURL : state.callbackURL;
      // A second factor is owed: the browser goes to the challenge page, which continues to the
      // flow's destination once a factor is verified (features/two-factor/README.md).
      if (outcome.challenge)
        return redirectResponse(challengeRedirect(outcome.challenge.pageURL, destination), []);
      return redirectResponse(destination, []);
    } catch (error) {
      if (error instanceof SocialFlowError) {
        if (error.reason === 'internal_server_error') return refuse(fallback, 'internal_server_error');
        return fail(reasonCode(error.reason));
      }
      // A refusal with its own code (a banned user: docs/protocol/admin.md#ban-semantics) travels as
      // that code, with its message as the description.
      if (error instanceof AuthError) return fail(error.code, error.message);
      throw error;
    }
  },
});

/** Apple's posted `user` JSON; ignored when it is not JSON. */
function parseUser(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The challenge page with the flow's destination as `callbackURL`. */
function challengeRedirect(pageURL: string, destination: string): string {
  const url = new URL(pageURL);
  url.searchParams.set('callbackURL', destination);
  return url.toString();
}
