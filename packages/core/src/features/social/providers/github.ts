import {
  buildAuthorizationURL,
  exchangeAuthorizationCode,
  fetchJson,
  refreshAccessToken,
  scopesFor,
} from './oauth-requests.ts';
import type { SocialProvider } from './provider.ts';
import type { GitHubOptions } from './provider-options.ts';
import { accountIdOf, codeChallengeOf, settingsOf, textOf } from './settings.ts';

const API_HEADERS = { 'user-agent': 'better-auth' };

/**
 * GitHub (docs/protocol/social.md#built-in-providers): plain OAuth 2, no id tokens. The profile comes from
 * `/user`, the email and its verified flag from `/user/emails` (the primary address when `/user` has none).
 */
export function githubProvider(options: GitHubOptions): SocialProvider {
  const settings = settingsOf(options);
  const tokenRequest = {
    endpoint: options.tokenEndpoint ?? 'https://github.com/login/oauth/access_token',
    settings,
  };
  return {
    id: 'github',
    name: 'GitHub',
    settings,
    requiresNonce: false,
    async authorizationURL(input) {
      return buildAuthorizationURL(
        settings,
        {
          endpoint: options.authorizationEndpoint ?? 'https://github.com/login/oauth/authorize',
          usesPkce: true,
          acceptsLoginHint: true,
        },
        { ...input, scopes: scopesFor(['read:user', 'user:email'], options, input.scopes) },
        codeChallengeOf(input.codeVerifier),
      );
    },
    exchangeCode: (code, verifier, redirectURI) =>
      exchangeAuthorizationCode(tokenRequest, code, verifier, redirectURI),
    refresh: (refreshToken) => refreshAccessToken(tokenRequest, refreshToken),
    async userInfo({ tokens }) {
      if (!tokens.accessToken) return null;
      const headers = { ...API_HEADERS, authorization: `Bearer ${tokens.accessToken}` };
      const profile = await fetchJson(options.userInfoEndpoint ?? 'https://api.github.com/user', { headers });
      let emails: { email?: unknown; primary?: unknown; verified?: unknown }[] = [];
      try {
        const list: unknown = await fetchJsonArray(
          options.emailsEndpoint ?? 'https://api.github.com/user/emails',
          headers,
        );
        if (Array.isArray(list)) emails = list;
      } catch {
        // Without the user:email scope the list is refused; the public email still counts.
      }
      const email =
        textOf(profile.email) ??
        textOf(emails.find((e) => e.primary === true)?.email) ??
        textOf(emails[0]?.email) ??
        null;
      return {
        accountId: accountIdOf(profile.id),
        user: {
          name: textOf(profile.name) ?? textOf(profile.login) ?? '',
          email,
          emailVerified: emails.find((e) => e.email === email)?.verified === true,
          image: textOf(profile.avatar_url) ?? null,
        },
        data: profile,
      };
    },
  };
}

/** `/user/emails` answers a JSON array, which `fetchJson` (objects only) does not take. */
async function fetchJsonArray(url: string, headers: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', ...headers },
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
