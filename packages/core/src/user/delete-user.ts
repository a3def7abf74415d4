import type { AuditEventInput } from '../audit-event.ts';
import type { AuthContext } from '../context.ts';
import type { RequestContext } from '../http/request-context.ts';
import { rememberRevoked } from '../session/revocations.ts';
import { deleteSessionsOfUser } from '../session/session.repository.ts';
import { clearSessionCookies } from '../session/session-cookies.ts';
import { deleteAccountsOfUser } from './account.repository.ts';
import { deleteUserById } from './user.repository.ts';

/**
 * Deletes a user with everything that hangs off it (sessions, accounts, API keys) in one transaction, then
 * ends their cookie-cached sessions too.
 */
export async function deleteUserAndSessions(
  auth: AuthContext,
  userId: string,
  /** The deletion's event; `request` is undefined for an operator's command (no HTTP request). */
  recorded: { request: RequestContext | undefined; event: AuditEventInput },
): Promise<void> {
  const tokens = await auth.db.transaction().execute(async (trx) => {
    // Memberships go with the user (the foreign key cascades): each organization's own trail says
    // so, by the same actor, so an organization's activity never loses a member silently.
    const memberships = await trx
      .selectFrom('member')
      .select(['id', 'organizationId'])
      .where('userId', '=', userId)
      .execute();
    const tokens = await deleteSessionsOfUser(trx, userId);
    await deleteAccountsOfUser(trx, userId);
    // Their personal keys too: a key never outlives its owner (docs/protocol/api-key.md#decisions-for-gatehouse,
    // K6). With the feature off they stay, and answer as orphaned keys once it is on.
    await auth.ports.apiKeys?.deleteOwnedBy(trx, { userId });
    await deleteUserById(trx, userId);
    // The deletion and its events land together: no account vanishes without a trace.
    await auth.audit.recordIn(trx, recorded.request, recorded.event);
    for (const member of memberships) {
      await auth.audit.recordIn(trx, recorded.request, {
        type: 'organization.member_removed',
        actor: recorded.event.actor,
        target: { type: 'member', id: member.id },
        organizationId: member.organizationId,
        metadata: { userId, userDeleted: true },
      });
    }
    return tokens;
  });
  await rememberRevoked(auth, tokens);
}

/** The caller deletes their own account: everything goes, and this browser's cookies are cleared. */
export async function deleteUserAndSignOut(
  auth: AuthContext,
  request: RequestContext,
  userId: string,
  method: 'password' | 'email' | 'session',
): Promise<void> {
  await deleteUserAndSessions(auth, userId, {
    request,
    event: {
      type: 'user.deleted',
      actor: { type: 'user', id: userId },
      target: { type: 'user', id: userId },
      metadata: { method },
    },
  });
  clearSessionCookies(auth, request);
}
