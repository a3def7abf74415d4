import type { AdminUser } from '@gatehouse/client';

export type BanState =
  | { kind: 'none' }
  | { kind: 'active'; reason: string | null; until: Date | null }
  /**
   * The expiry has passed; the server lifts the ban at their next sign-in
   * (docs/protocol/admin.md#ban-semantics).
   */
  | { kind: 'expired'; reason: string | null; ended: Date };

export function banStateOf(
  user: Pick<AdminUser, 'banned' | 'banReason' | 'banExpires'>,
  now: Date = new Date(),
): BanState {
  if (!user.banned) return { kind: 'none' };
  const until = user.banExpires ? new Date(user.banExpires) : null;
  if (until && until.getTime() <= now.getTime()) {
    return { kind: 'expired', reason: user.banReason, ended: until };
  }
  return { kind: 'active', reason: user.banReason, until };
}
