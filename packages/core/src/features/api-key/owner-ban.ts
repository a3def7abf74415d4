import type { AuthContext } from '../../context.ts';
import { banOf } from '../../user/ban.ts';
import type { User } from '../../user/user.ts';

/**
 * Whether the user's ban holds now, by the admin feature's rule (a ban without an end, or whose end
 * is still ahead; bans exist only with that feature on). A key of such a user stops at once (K2).
 */
export function isBannedNow(auth: AuthContext, user: User): boolean {
  if (!auth.options.admin) return false;
  const ban = banOf(user);
  return (
    ban.banned &&
    (ban.expiresAt === null || Number.isNaN(ban.expiresAt) || ban.expiresAt > auth.options.now())
  );
}
