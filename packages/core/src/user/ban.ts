import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { AuthError } from '../errors.ts';
import { findUserById, liftExpiredBan } from './user.repository.ts';
import { type User, userFromRow } from './user.ts';

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
 *
 * The ban is read from the database here, not from the caller's copy of the user: sign-in loads the
 * user before its password check, and a ban made meanwhile (which ends every session at once) must
 * not be followed by a new session.
 */
export async function refuseBannedUser(auth: AuthContext, user: User): Promise<void> {
  const admin = auth.options.admin;
  if (!admin) return;
  const row = await findUserById(auth.db, user.id);
  // A user deleted meanwhile gets no session either way: the session row needs its user.
  if (!row) return;
  const ban = banOf(userFromRow(row, auth.options.additionalFields));
  if (!ban.banned) return;
  const refuse = () => new AuthError('BANNED_USER', { message: admin.bannedUserMessage });
  const now = auth.options.now();
  if (ban.expiresAt === null || Number.isNaN(ban.expiresAt) || ban.expiresAt > now) throw refuse();
  if (!(await liftExpiredBan(auth.db, user.id, isoNow(now)))) throw refuse();
  user.additional = { ...user.additional, banned: false, banReason: null, banExpires: null };
}
