import type { Executor } from '../db/executor.ts';
import { rowLimit } from '../db/row-limit.ts';

/**
 * Whether an address holds an organization invitation that can still be accepted (pending, not
 * expired). The invite-only sign-up policy reads it; the invitation itself belongs to the
 * organization feature, which owns every write.
 */
export async function hasAcceptableInvitation(db: Executor, email: string, now: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitation')
    .select('id')
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expiresAt', '>', now)
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row !== undefined;
}
