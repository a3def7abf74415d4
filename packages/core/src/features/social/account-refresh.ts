import type { AuthContext } from '../../context.ts';
import { toDate } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { updateAccountTokens } from '../../user/external-account.repository.ts';
import { openToken } from './account-tokens.ts';
import type { SocialProvider } from './providers/provider.ts';
import type { AccountRow } from './social-account.repository.ts';
import { expiryOf, tokenColumns } from './token-columns.ts';

/**
 * An access token this close to expiry is refreshed before it is handed out
 * (docs/protocol/social.md#get-access-token).
 */
const REFRESH_MARGIN_MS = 5_000;

export interface FreshTokens {
  accessToken: string | undefined;
  refreshToken: string | undefined;
  idToken: string | undefined;
  accessTokenExpiresAt: Date | undefined;
  refreshTokenExpiresAt: Date | undefined;
}

/** The stored tokens in plain text (decrypting where they were sealed). */
export function storedTokens(auth: AuthContext, account: AccountRow): FreshTokens {
  return {
    accessToken: openToken(auth, account.accessToken),
    refreshToken: openToken(auth, account.refreshToken),
    idToken: account.idToken ?? undefined,
    accessTokenExpiresAt: account.accessTokenExpiresAt ? toDate(account.accessTokenExpiresAt) : undefined,
    refreshTokenExpiresAt: account.refreshTokenExpiresAt ? toDate(account.refreshTokenExpiresAt) : undefined,
  };
}

export function isDueForRefresh(auth: AuthContext, provider: SocialProvider, tokens: FreshTokens): boolean {
  return (
    tokens.refreshToken !== undefined &&
    tokens.accessTokenExpiresAt !== undefined &&
    tokens.accessTokenExpiresAt.getTime() - auth.options.now() < REFRESH_MARGIN_MS &&
    provider.refresh !== undefined
  );
}

/**
 * Refreshes at the provider and stores the result: new values replace old ones, and a value the
 * provider did not send (often the refresh token) is kept. `scope` is never changed here.
 */
export async function refreshAndStore(
  auth: AuthContext,
  provider: SocialProvider,
  account: AccountRow,
  current: FreshTokens,
): Promise<FreshTokens> {
  // Both callers check these first; the checks here only keep a missing one from reaching the provider.
  if (!provider.refresh)
    throw new AuthError('TOKEN_REFRESH_NOT_SUPPORTED', { params: { providerId: provider.id } });
  if (current.refreshToken === undefined) throw new AuthError('REFRESH_TOKEN_NOT_FOUND');
  const fresh = await provider.refresh(current.refreshToken);
  await updateAccountTokens(auth.db, account.id, tokenColumns(auth, fresh), auth.options.now());
  return {
    accessToken: fresh.accessToken,
    refreshToken: fresh.refreshToken ?? current.refreshToken,
    idToken: fresh.idToken ?? current.idToken,
    accessTokenExpiresAt: expiryOf(auth, fresh.accessTokenExpiresIn),
    refreshTokenExpiresAt: expiryOf(auth, fresh.refreshTokenExpiresIn) ?? current.refreshTokenExpiresAt,
  };
}
