import type { AuthContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import type { User } from './user.ts';

/** A ban as the admin feature stores it on the user. */
export function banOf(user: User): { banned: boolean; expiresAt: number | null } {
  const expires = user.additional.banExpires;
  return {
    banned: user.additional.banned === true,
    expiresAt: typeof expires === 'string' ? Date.parse(expires) : null,
  };
}

/**
 * Refuses a new session to a banned user (403 BANNED_USER with the configured message). A ban whose
 * expiry has passed is lifted on the way: bans end lazily, when their user next signs in.
 */
export async function refuseBannedUser(auth: AuthContext, user: User): Promise<void> {
  const admin = auth.options.admin;
  if (!admin) return;
  const ban = banOf(user);
  if (!ban.banned) return;
  if (ban.expiresAt !== null && ban.expiresAt <= auth.options.now()) {
    await auth.db
      .updateTable('user')
      .set({ banned: 0, banReason: null, banExpires: null } as never)
      .where('id', '=', user.id)
      .execute();
    user.additional = { ...user.additional, banned: false, banReason: null, banExpires: null };
    return;
  }
  throw new AuthError('BANNED_USER', { message: admin.bannedUserMessage });
}
