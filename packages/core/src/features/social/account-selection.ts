import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { requireSession } from '../../session/require-session.ts';
import type { User } from '../../user/user.ts';
import type { SocialProvider } from './providers/provider.ts';
import { type AccountRow, findUserAccount } from './social-account.repository.ts';

/**
 * The selector of the token routes (docs/protocol/social.md#choosing-an-account): exactly `{accountId,
 * userId?}` or `{useAccountCookie: true, userId?}`. Over HTTP the session's user always wins over `userId`.
 */
export const accountSelector = z.union([
  z.strictObject({ accountId: z.string().min(1).max(256), userId: z.string().max(256).optional() }),
  z.strictObject({ useAccountCookie: z.literal(true), userId: z.string().max(256).optional() }),
]);

export type AccountSelector = z.infer<typeof accountSelector>;

/**
 * The caller, read without the cookie cache so a revoked session stops at once; null: none, and the
 * token routes answer 401 `UNAUTHORIZED` as JSON (1.7 sends it with an empty body; docs/api.md#bad-input).
 */
export async function callerOf(auth: AuthContext, request: RequestContext): Promise<User | null> {
  try {
    return (await requireSession(auth, request, 'sensitive')).user;
  } catch (error) {
    if (error instanceof AuthError && error.code === 'UNAUTHORIZED') return null;
    throw error;
  }
}

/**
 * One of the caller's own accounts. The account cookie is not kept by this engine (the database
 * holds accounts), so `useAccountCookie` finds nothing.
 */
export async function selectedAccount(
  auth: AuthContext,
  user: User,
  selector: AccountSelector,
): Promise<AccountRow> {
  const account =
    'accountId' in selector ? await findUserAccount(auth.db, user.id, selector.accountId) : undefined;
  if (!account) throw new AuthError('ACCOUNT_NOT_FOUND');
  return account;
}

export function providerOfAccount(auth: AuthContext, account: AccountRow): SocialProvider {
  const provider = auth.providers.get(account.providerId);
  if (!provider)
    throw new AuthError('PROVIDER_NOT_SUPPORTED', { params: { providerId: account.providerId } });
  return provider;
}
