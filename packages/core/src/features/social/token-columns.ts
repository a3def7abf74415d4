import type { AuthContext } from '../../context.ts';
import type { AccountTokenColumns } from '../../user/external-account.repository.ts';
import { sealToken } from './account-tokens.ts';
import type { OAuthTokens } from './providers/provider.ts';

/** Token columns as stored: access and refresh sealed when encryption is on, the id token as is. */
export function tokenColumns(auth: AuthContext, tokens: OAuthTokens): AccountTokenColumns {
  return {
    accessToken: sealToken(auth, tokens.accessToken),
    refreshToken: sealToken(auth, tokens.refreshToken),
    idToken: tokens.idToken,
    accessTokenExpiresAt: expiryOf(auth, tokens.accessTokenExpiresIn),
    refreshTokenExpiresAt: expiryOf(auth, tokens.refreshTokenExpiresIn),
  };
}

export const scopeOf = (tokens: OAuthTokens): string | null =>
  tokens.scopes.length > 0 ? tokens.scopes.join(',') : null;

/** now + lifetime, on the engine's clock (docs/protocol/social.md#token-storage). */
export const expiryOf = (auth: AuthContext, seconds: number | undefined): Date | undefined =>
  seconds === undefined ? undefined : new Date(auth.options.now() + seconds * 1000);
