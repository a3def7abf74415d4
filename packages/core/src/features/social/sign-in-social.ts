import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { codesOf, defineEndpoint } from '../../http/endpoint.ts';
import { twoFactorChallengeJson, userJson } from '../../http/response-schemas.ts';
import { userToJson } from '../../user/user.ts';
import { profileFromIdToken } from './id-token-profile.ts';
import { signInWithProfile } from './sign-in-with-profile.ts';
import { SocialFlowError } from './social-flow-error.ts';
import { ID_TOKEN_REFUSALS, signInSocialBody, startedFlowJson } from './social-schemas.ts';
import { providerOr404, startRedirectFlow } from './start-flow.ts';

/**
 * POST /sign-in/social (docs/protocol/social.md#sign-in-with-a-provider): without `idToken`, starts the
 * redirect flow; with one, signs in directly from a token the client got from the provider itself.
 */
export const signInSocial = defineEndpoint({
  name: 'signInSocial',
  method: 'POST',
  path: '/sign-in/social',
  summary: 'Sign in with a social provider',
  description:
    'Without `idToken` it starts the redirect flow: answers the provider URL to send the browser to ' +
    '(`redirect: true`). With an `idToken` the client got from the provider itself, it signs in at once.',
  body: signInSocialBody,
  requires: 'none',
  response: z.union([
    startedFlowJson,
    z.object({ redirect: z.literal(false), token: z.string(), user: userJson }),
    twoFactorChallengeJson,
  ]),
  errors: [
    'PROVIDER_NOT_FOUND',
    ...ID_TOKEN_REFUSALS,
    'OAUTH_LINK_ERROR',
    'BANNED_USER',
    // A new user, when additional user fields are required and have no default.
    'MISSING_FIELD',
  ],
  // A refused id-token sign-in; starting a redirect flow refuses nothing worth recording (its
  // refusals come back through the callback, which records them).
  auditRefusal: {
    type: 'user.sign_in_failed',
    metadata: { method: 'social' },
    codes: [...codesOf(ID_TOKEN_REFUSALS), 'OAUTH_LINK_ERROR', 'BANNED_USER', 'INTERNAL_SERVER_ERROR'],
  },
  async handler({ auth, request, body }) {
    const provider = providerOr404(auth, body.provider);
    if (!body.idToken) return startRedirectFlow(auth, request, provider, body);
    request.outcome.detail({ provider: provider.id });

    request.outcome.signingIn('social');
    const profile = await profileFromIdToken(provider, body.idToken);
    const { disableImplicitSignUp, disableSignUp } = provider.settings;
    try {
      // Only the access token and the id token are kept; the body's refresh token and expiry are not.
      const { user, outcome } = await signInWithProfile(
        auth,
        request,
        provider,
        profile,
        { accessToken: body.idToken.accessToken, idToken: body.idToken.token, scopes: [] },
        {
          disableSignUp: (disableImplicitSignUp && !body.requestSignUp) || disableSignUp,
          callbackURL: body.callbackURL,
        },
      );
      if (outcome.challenge) return outcome.challenge.body;
      return {
        redirect: false,
        token: outcome.session.token,
        user: userToJson(user, auth.options.additionalFields),
      };
    } catch (error) {
      if (!(error instanceof SocialFlowError)) throw error;
      if (error.reason === 'internal_server_error') throw new AuthError('INTERNAL_SERVER_ERROR');
      throw new AuthError('OAUTH_LINK_ERROR', { params: { reason: error.reason } });
    }
  },
});
