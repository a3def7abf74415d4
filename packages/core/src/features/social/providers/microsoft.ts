import { createIdTokenVerifier } from './id-token.ts';
import {
  buildAuthorizationURL,
  exchangeAuthorizationCode,
  isTrue,
  refreshAccessToken,
  scopesFor,
} from './oauth-requests.ts';
import type { SocialProvider } from './provider.ts';
import type { MicrosoftOptions } from './provider-options.ts';
import { accountIdOf, codeChallengeOf, settingsOf, textOf } from './settings.ts';

/** Personal Microsoft accounts all carry this tenant id. */
const CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const DEFAULT_SCOPES = ['openid', 'profile', 'email', 'User.Read', 'offline_access'];

/**
 * Microsoft Entra ID (docs/protocol/social.md#built-in-providers). The account id is the `oid` claim, never
 * `sub` (which differs per application). The issuer must name the token's own tenant; `organizations` and
 * `consumers` narrow which tenants may sign in.
 */
export function microsoftProvider(options: MicrosoftOptions): SocialProvider {
  const settings = settingsOf(options);
  const tenant = options.tenantId ?? 'common';
  const authority = (options.authority ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  const tokenRequest = {
    endpoint: options.tokenEndpoint ?? `${authority}/${tenant}/oauth2/v2.0/token`,
    settings,
  };
  const verify = createIdTokenVerifier(
    options.jwksEndpoint ?? `${authority}/${tenant}/discovery/v2.0/keys`,
    {
      // The issuer names the token's tenant, so it is checked in `check` instead of by jose.
      issuers: [],
      audiences: settings.clientIds,
      algorithms: ['RS256'],
      maxAgeSeconds: 3600,
      check: (payload) => {
        const tid = payload.tid;
        if (typeof tid !== 'string' || payload.iss !== `${authority}/${tid}/v2.0`) return false;
        if (tenant === 'organizations') return tid !== CONSUMER_TENANT;
        if (tenant === 'consumers') return tid === CONSUMER_TENANT;
        if (tenant !== 'common') return tid === tenant;
        return true;
      },
    },
    options.keySet,
  );
  const scopes = (requested: string[]) => scopesFor(DEFAULT_SCOPES, options, requested);
  return {
    id: 'microsoft',
    name: 'Microsoft',
    settings,
    requiresNonce: false,
    async authorizationURL(input) {
      return buildAuthorizationURL(
        settings,
        {
          endpoint: options.authorizationEndpoint ?? `${authority}/${tenant}/oauth2/v2.0/authorize`,
          usesPkce: true,
          acceptsLoginHint: true,
        },
        { ...input, scopes: scopes(input.scopes) },
        codeChallengeOf(input.codeVerifier),
      );
    },
    exchangeCode: (code, verifier, redirectURI) =>
      exchangeAuthorizationCode(tokenRequest, code, verifier, redirectURI),
    // Microsoft's refresh request repeats the scopes.
    refresh: (refreshToken) =>
      refreshAccessToken(tokenRequest, refreshToken, { scope: scopes([]).join(' ') }),
    verifyIdToken: async (token, nonce) => (await verify(token, nonce)) !== null,
    async userInfo({ tokens }) {
      if (!tokens.idToken) return null;
      const claims = await verify(tokens.idToken, undefined);
      if (!claims) return null;
      const email = textOf(claims.email) ?? null;
      const verifiedLists = [claims.verified_primary_email, claims.verified_secondary_email].flat();
      return {
        accountId: accountIdOf(claims.oid),
        user: {
          name: textOf(claims.name) ?? '',
          email,
          emailVerified:
            claims.email_verified !== undefined
              ? isTrue(claims.email_verified)
              : email !== null && verifiedLists.includes(email),
          image: options.disableProfilePhoto ? null : await profilePhoto(options, tokens.accessToken),
        },
        data: claims as Record<string, unknown>,
      };
    },
  };
}

/** The Graph photo as a data URL (Better Auth's format, space included); none when it is missing. */
async function profilePhoto(
  options: MicrosoftOptions,
  accessToken: string | undefined,
): Promise<string | null> {
  if (!accessToken) return null;
  try {
    const response = await fetch(
      options.photoEndpoint ?? 'https://graph.microsoft.com/v1.0/me/photos/48x48/$value',
      {
        headers: { authorization: `Bearer ${accessToken}` },
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      },
    );
    if (!response.ok) return null;
    return `data:image/jpeg;base64, ${Buffer.from(await response.arrayBuffer()).toString('base64')}`;
  } catch {
    return null;
  }
}
