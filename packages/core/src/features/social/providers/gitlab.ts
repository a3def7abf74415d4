import {
  buildAuthorizationURL,
  exchangeAuthorizationCode,
  fetchJson,
  isTrue,
  refreshAccessToken,
  scopesFor,
} from './oauth-requests.ts';
import type { SocialProvider } from './provider.ts';
import type { GitLabOptions } from './provider-options.ts';
import { accountIdOf, codeChallengeOf, settingsOf, textOf } from './settings.ts';

/**
 * GitLab (docs/protocol/social.md#built-in-providers), gitlab.com or a self-hosted instance given as
 * `issuer`.
 */
export function gitlabProvider(options: GitLabOptions): SocialProvider {
  const settings = settingsOf(options);
  const issuer = (options.issuer ?? 'https://gitlab.com').replace(/\/+$/, '');
  const tokenRequest = { endpoint: options.tokenEndpoint ?? `${issuer}/oauth/token`, settings };
  return {
    id: 'gitlab',
    name: 'GitLab',
    settings,
    requiresNonce: false,
    async authorizationURL(input) {
      return buildAuthorizationURL(
        settings,
        {
          endpoint: options.authorizationEndpoint ?? `${issuer}/oauth/authorize`,
          usesPkce: true,
          acceptsLoginHint: true,
        },
        { ...input, scopes: scopesFor(['read_user'], options, input.scopes) },
        codeChallengeOf(input.codeVerifier),
      );
    },
    exchangeCode: (code, verifier, redirectURI) =>
      exchangeAuthorizationCode(tokenRequest, code, verifier, redirectURI),
    refresh: (refreshToken) => refreshAccessToken(tokenRequest, refreshToken),
    async userInfo({ tokens }) {
      if (!tokens.accessToken) return null;
      const profile = await fetchJson(options.userInfoEndpoint ?? `${issuer}/api/v4/user`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      // Blocked or locked GitLab users may not sign in anywhere.
      if (profile.state !== 'active' || profile.locked === true) return null;
      return {
        accountId: accountIdOf(profile.id),
        user: {
          name: textOf(profile.name) ?? textOf(profile.username) ?? '',
          email: textOf(profile.email) ?? null,
          emailVerified: isTrue(profile.email_verified),
          image: textOf(profile.avatar_url) ?? null,
        },
        data: profile,
      };
    },
  };
}
