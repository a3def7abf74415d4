import { createIdTokenVerifier, readJwtClaims } from './id-token.ts';
import {
  buildAuthorizationURL,
  exchangeAuthorizationCode,
  fetchJson,
  isTrue,
  OAuthRequestError,
  refreshAccessToken,
} from './oauth-requests.ts';
import type { ProviderProfile, SocialProvider } from './provider.ts';
import type { GenericOidcOptions } from './provider-options.ts';
import { accountIdOf, codeChallengeOf, settingsOf, textOf } from './settings.ts';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  jwks_uri?: string;
  id_token_signing_alg_values_supported?: string[];
}

/**
 * A generic OpenID Connect provider (docs/protocol/social.md#generic-openid-connect): endpoints come from the
 * discovery document, fetched once (retried on the next use if it failed). With a key set and an issuer, id
 * tokens are verified and bound to a nonce, in the redirect flow and when a client submits one.
 */
export function genericOidcProvider(options: GenericOidcOptions): SocialProvider {
  const settings = settingsOf(options);
  const discoveryUrl =
    options.discoveryUrl ?? `${(options.issuer ?? '').replace(/\/+$/, '')}/.well-known/openid-configuration`;
  let discovery: Promise<Discovery> | undefined;
  const discover = () => {
    discovery ??= fetchJson(discoveryUrl).then((doc) => {
      if (typeof doc.issuer !== 'string' || typeof doc.authorization_endpoint !== 'string') {
        throw new OAuthRequestError('discovery document without issuer or authorization endpoint');
      }
      return doc as unknown as Discovery;
    });
    discovery.catch(() => {
      discovery = undefined;
    });
    return discovery;
  };
  // Fetched at start-up; a failure here is retried on first use.
  discover().catch(() => {});

  const isOidc = async () => ((await discover()).id_token_signing_alg_values_supported ?? []).length > 0;
  const hasKeySet = async () => {
    const doc = await discover();
    return Boolean(doc.jwks_uri && doc.issuer);
  };
  const verify = createIdTokenVerifier(
    async () => {
      const { jwks_uri } = await discover();
      if (!jwks_uri) throw new OAuthRequestError('the discovery document names no jwks_uri');
      return jwks_uri;
    },
    async () => {
      const doc = await discover();
      return {
        issuers: [doc.issuer],
        audiences: settings.clientIds,
        algorithms: doc.id_token_signing_alg_values_supported ?? ['RS256'],
      };
    },
    options.keySet,
  );
  const tokenRequest = async () => ({
    endpoint: options.tokenEndpoint ?? (await discover()).token_endpoint,
    settings,
  });
  const usesPkce = options.pkce ?? true;
  const requiresNonce = options.disableIdTokenNonceBinding !== true;

  return {
    id: options.providerId,
    name: options.name ?? options.providerId,
    settings,
    requiresNonce,
    issuer: async () => (await discover()).issuer,
    async authorizationURL(input) {
      const doc = await discover();
      // Without configured scopes, ask for what sign-in needs (Better Auth asks for none by default).
      const configured = options.scope ?? (options.disableDefaultScope ? [] : ['openid', 'email', 'profile']);
      const scopes = [...input.scopes, ...configured];
      if ((await isOidc()) && !scopes.includes('openid')) scopes.unshift('openid');
      return buildAuthorizationURL(
        settings,
        {
          endpoint: options.authorizationEndpoint ?? doc.authorization_endpoint,
          usesPkce,
          acceptsLoginHint: true,
        },
        { ...input, scopes },
        usesPkce ? codeChallengeOf(input.codeVerifier) : undefined,
      );
    },
    async exchangeCode(code, codeVerifier, redirectURI) {
      return exchangeAuthorizationCode(
        await tokenRequest(),
        code,
        usesPkce ? codeVerifier : undefined,
        redirectURI,
      );
    },
    async refresh(refreshToken) {
      return refreshAccessToken(await tokenRequest(), refreshToken);
    },
    async verifyIdToken(token, nonce) {
      if (!(await hasKeySet())) return false;
      return (await verify(token, nonce)) !== null;
    },
    async userInfo({ tokens, nonce, forAccountInfo, idTokenVerified }) {
      let claims: Record<string, unknown> | null = null;
      if (tokens.idToken && !forAccountInfo) {
        if (idTokenVerified) {
          claims = readJwtClaims(tokens.idToken);
        } else if (await hasKeySet()) {
          // A required nonce must be echoed; an id token that fails verification gives nothing.
          if (requiresNonce && !nonce) return null;
          claims = await verify(tokens.idToken, requiresNonce ? nonce : undefined);
          if (!claims) return null;
        } else {
          claims = readJwtClaims(tokens.idToken);
        }
      }
      if (claims?.sub && claims.email) return profileOf(claims);
      const userInfoEndpoint = options.userInfoEndpoint ?? (await discover()).userinfo_endpoint;
      if (!userInfoEndpoint || !tokens.accessToken) return claims ? profileOf(claims) : null;
      const info = await fetchJson(userInfoEndpoint, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      if (claims?.sub && info.sub !== claims.sub) return null;
      return profileOf(info);
    },
  };
}

function profileOf(claims: Record<string, unknown>): ProviderProfile {
  return {
    accountId: accountIdOf(claims.sub),
    user: {
      name: textOf(claims.name) ?? '',
      email: textOf(claims.email) ?? null,
      emailVerified: isTrue(claims.email_verified),
      image: textOf(claims.picture) ?? null,
    },
    data: claims,
  };
}
