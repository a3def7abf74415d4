import { createIdTokenVerifier } from './id-token.ts';
import {
  buildAuthorizationURL,
  exchangeAuthorizationCode,
  isTrue,
  refreshAccessToken,
  scopesFor,
} from './oauth-requests.ts';
import type { SocialProvider } from './provider.ts';
import type { GoogleOptions } from './provider-options.ts';
import { accountIdOf, codeChallengeOf, settingsOf, textOf } from './settings.ts';

/**
 * Google (docs/protocol/social.md#built-in-providers): the profile is the id token's claims. Unlike Better
 * Auth, which reads the redirect flow's id token without checking it, every id token is verified against
 * Google's key set (cached with the spec's fetch defaults), in both flows.
 */
export function googleProvider(options: GoogleOptions): SocialProvider {
  const settings = settingsOf(options);
  const tokenRequest = { endpoint: options.tokenEndpoint ?? 'https://oauth2.googleapis.com/token', settings };
  const verify = createIdTokenVerifier(
    options.jwksEndpoint ?? 'https://www.googleapis.com/oauth2/v3/certs',
    {
      issuers: options.issuer ? [options.issuer] : ['https://accounts.google.com', 'accounts.google.com'],
      audiences: settings.clientIds,
      algorithms: ['RS256'],
      maxAgeSeconds: 3600,
      check: (payload) =>
        !options.hd || (options.hd === '*' ? Boolean(payload.hd) : payload.hd === options.hd),
    },
    options.keySet,
  );
  return {
    id: 'google',
    name: 'Google',
    settings,
    requiresNonce: false,
    async authorizationURL(input) {
      return buildAuthorizationURL(
        settings,
        {
          endpoint: options.authorizationEndpoint ?? 'https://accounts.google.com/o/oauth2/v2/auth',
          usesPkce: true,
          acceptsLoginHint: true,
          extras: {
            prompt: options.prompt,
            hd: options.hd,
            access_type: options.accessType,
            include_granted_scopes: 'true',
          },
        },
        { ...input, scopes: scopesFor(['email', 'profile', 'openid'], options, input.scopes) },
        codeChallengeOf(input.codeVerifier),
      );
    },
    exchangeCode: (code, verifier, redirectURI) =>
      exchangeAuthorizationCode(tokenRequest, code, verifier, redirectURI),
    refresh: (refreshToken) => refreshAccessToken(tokenRequest, refreshToken),
    verifyIdToken: async (token, nonce) => (await verify(token, nonce)) !== null,
    async userInfo({ tokens }) {
      if (!tokens.idToken) return null;
      const claims = await verify(tokens.idToken, undefined);
      if (!claims) return null;
      return {
        accountId: accountIdOf(claims.sub),
        user: {
          name: textOf(claims.name) ?? '',
          email: textOf(claims.email) ?? null,
          emailVerified: isTrue(claims.email_verified),
          image: textOf(claims.picture) ?? null,
        },
        data: claims as Record<string, unknown>,
      };
    },
  };
}
