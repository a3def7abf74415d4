import { createIdTokenVerifier } from './id-token.ts';
import {
  buildAuthorizationURL,
  exchangeAuthorizationCode,
  isTrue,
  refreshAccessToken,
  scopesFor,
} from './oauth-requests.ts';
import type { SocialProvider } from './provider.ts';
import type { AppleOptions } from './provider-options.ts';
import { accountIdOf, codeChallengeOf, settingsOf, textOf } from './settings.ts';

/**
 * Sign in with Apple (docs/protocol/social.md#built-in-providers): `code id_token` with `form_post`, so the
 * callback arrives as a cross-site POST that the callback route bounces to a GET. The name is only sent once,
 * as the posted `user` JSON on the first consent.
 */
export function appleProvider(options: AppleOptions): SocialProvider {
  const settings = settingsOf(options);
  const audiences = options.audience
    ? [options.audience].flat()
    : options.appBundleIdentifier
      ? [options.appBundleIdentifier]
      : settings.clientIds;
  const tokenRequest = {
    endpoint: options.tokenEndpoint ?? 'https://appleid.apple.com/auth/token',
    settings,
  };
  const verify = createIdTokenVerifier(
    options.jwksEndpoint ?? 'https://appleid.apple.com/auth/keys',
    {
      issuers: [options.issuer ?? 'https://appleid.apple.com'],
      audiences,
      algorithms: ['RS256'],
      maxAgeSeconds: 3600,
      hashedNonce: true,
    },
    options.keySet,
  );
  return {
    id: 'apple',
    name: 'Apple',
    settings,
    requiresNonce: false,
    async authorizationURL(input) {
      return buildAuthorizationURL(
        settings,
        {
          endpoint: options.authorizationEndpoint ?? 'https://appleid.apple.com/auth/authorize',
          responseType: 'code id_token',
          usesPkce: true,
          acceptsLoginHint: false,
          extras: { response_mode: 'form_post' },
        },
        { ...input, scopes: scopesFor(['email', 'name'], options, input.scopes) },
        codeChallengeOf(input.codeVerifier),
      );
    },
    exchangeCode: (code, verifier, redirectURI) =>
      exchangeAuthorizationCode(tokenRequest, code, verifier, redirectURI),
    refresh: (refreshToken) => refreshAccessToken(tokenRequest, refreshToken),
    verifyIdToken: async (token, nonce) => (await verify(token, nonce)) !== null,
    async userInfo({ tokens, postedUser }) {
      if (!tokens.idToken) return null;
      const claims = await verify(tokens.idToken, undefined);
      if (!claims) return null;
      return {
        accountId: accountIdOf(claims.sub),
        user: {
          name: postedName(postedUser) ?? textOf(claims.name) ?? '',
          email: textOf(claims.email) ?? null,
          emailVerified: isTrue(claims.email_verified),
          image: null,
        },
        data: claims as Record<string, unknown>,
      };
    },
  };
}

function postedName(user: unknown): string | undefined {
  if (typeof user !== 'object' || user === null) return undefined;
  const name = (user as { name?: { firstName?: unknown; lastName?: unknown } }).name;
  const full = [textOf(name?.firstName), textOf(name?.lastName)].filter(Boolean).join(' ').trim();
  return full || undefined;
}
