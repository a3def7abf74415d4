import {
  buildAuthorizationURL,
  exchangeAuthorizationCode,
  fetchJson,
  refreshAccessToken,
} from './oauth-requests.ts';
import type { SocialProvider } from './provider.ts';
import type { BaseProviderOptions } from './provider-options.ts';
import { accountIdOf, settingsOf, textOf } from './settings.ts';

/**
 * Discord (docs/protocol/social.md#built-in-providers): OAuth 2 without PKCE or id tokens; `prompt=none` by
 * default.
 */
export function discordProvider(options: BaseProviderOptions): SocialProvider {
  const settings = settingsOf(options);
  const tokenRequest = {
    endpoint: options.tokenEndpoint ?? 'https://discord.com/api/oauth2/token',
    settings,
  };
  return {
    id: 'discord',
    name: 'Discord',
    settings,
    requiresNonce: false,
    async authorizationURL(input) {
      // Discord is the one provider that puts the request's scopes before the configured ones.
      const scopes = [
        ...(options.disableDefaultScope ? [] : ['identify', 'email']),
        ...input.scopes,
        ...(options.scope ?? []),
      ];
      return buildAuthorizationURL(
        settings,
        {
          endpoint: options.authorizationEndpoint ?? 'https://discord.com/api/oauth2/authorize',
          usesPkce: false,
          acceptsLoginHint: false,
          extras: { prompt: 'none' },
        },
        { ...input, scopes },
        undefined,
      );
    },
    exchangeCode: (code, _verifier, redirectURI) =>
      exchangeAuthorizationCode(tokenRequest, code, undefined, redirectURI),
    refresh: (refreshToken) => refreshAccessToken(tokenRequest, refreshToken),
    async userInfo({ tokens }) {
      if (!tokens.accessToken) return null;
      const profile = await fetchJson(options.userInfoEndpoint ?? 'https://discord.com/api/users/@me', {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      return {
        accountId: accountIdOf(profile.id),
        user: {
          name: textOf(profile.global_name) ?? textOf(profile.username) ?? '',
          email: textOf(profile.email) ?? null,
          emailVerified: profile.verified === true,
          image: discordAvatar(profile),
        },
        data: profile,
      };
    },
  };
}

/**
 * The avatar URL, or Discord's default avatar for users without one
 * (docs/protocol/social.md#built-in-providers).
 */
function discordAvatar(profile: Record<string, unknown>): string {
  const id = String(profile.id ?? '0');
  const avatar = textOf(profile.avatar);
  if (avatar) {
    const ext = avatar.startsWith('a_') ? 'gif' : 'png';
    return `https://cdn.discordapp.com/avatars/${id}/${avatar}.${ext}`;
  }
  const index =
    profile.discriminator === '0' || profile.discriminator === undefined
      ? Number((BigInt(/^\d+$/.test(id) ? id : '0') >> 22n) % 6n)
      : Number(profile.discriminator) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}
