import type { AuthContext } from '../../context.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { deleteSessionsOfUser } from '../../session/session.repository.ts';
import { deleteUserAndSessions } from '../../user/delete-user.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { adminSettings } from './admin-access.ts';
import { banAndEndSessions, userOr404 } from './admin-users.ts';
import { claimAdmin, type EnsureAdminInput, type EnsureAdminResult } from './ensure-admin.ts';

/**
 * What an operator does from the command line, with no admin session: the same steps the admin
 * routes take (ban ends every session at once, revocations reach the cookie caches through the
 * shared storage), without the permission checks that only make sense for a signed-in admin.
 * Each rejects with 404 USER_NOT_FOUND for an unknown id.
 */
export interface OperatorActions {
  banUser(userId: string, ban?: { reason?: string; expiresInSeconds?: number }): Promise<void>;
  unbanUser(userId: string): Promise<void>;
  removeUser(userId: string): Promise<void>;
  /** Ends every session of the user; resolves to how many there were. */
  revokeSessions(userId: string): Promise<number>;
  /** `ensureAdmin` (the `create-admin` command), the sessions it ends revoked in the cookie caches too. */
  createAdmin(input: Omit<EnsureAdminInput, 'now'>): Promise<EnsureAdminResult>;
}

/** The operator's commands act as the system: there is no signed-in admin to name in their events. */
const SYSTEM = { type: 'system' } as const;

export function operatorActions(auth: AuthContext): OperatorActions {
  return {
    async banUser(userId, ban = {}) {
      const target = await userOr404(auth, userId);
      const admin = adminSettings(auth);
      const seconds = ban.expiresInSeconds || admin.defaultBanExpiresIn;
      const banExpires = seconds ? new Date(auth.options.now() + seconds * 1000).toISOString() : null;
      const banReason = ban.reason || admin.defaultBanReason;
      await banAndEndSessions(auth, target, { additional: { banned: 1, banReason, banExpires } });
      await auth.audit.record(undefined, {
        type: 'admin.user_banned',
        actor: SYSTEM,
        target: { type: 'user', id: target.id },
        metadata: { reason: banReason, expiresAt: banExpires },
      });
    },
    async unbanUser(userId) {
      const target = await userOr404(auth, userId);
      await updateUserRow(auth, target, { additional: { banned: 0, banReason: null, banExpires: null } });
      await auth.audit.record(undefined, {
        type: 'admin.user_unbanned',
        actor: SYSTEM,
        target: { type: 'user', id: target.id },
      });
    },
    async removeUser(userId) {
      const target = await userOr404(auth, userId);
      await deleteUserAndSessions(auth, target.id, {
        request: undefined,
        event: {
          type: 'admin.user_deleted',
          actor: { type: 'system' },
          target: { type: 'user', id: target.id },
        },
      });
    },
    async revokeSessions(userId) {
      const target = await userOr404(auth, userId);
      const tokens = await deleteSessionsOfUser(auth.db, target.id);
      await rememberRevoked(auth, tokens);
      await auth.audit.record(undefined, {
        type: 'admin.user_sessions_revoked',
        actor: SYSTEM,
        target: { type: 'user', id: target.id },
        metadata: { count: tokens.length },
      });
      return tokens.length;
    },
    async createAdmin(input) {
      const { hash } = auth.options.emailAndPassword.password;
      const { result, endedSessions } = await claimAdmin(
        auth.db,
        { ...input, now: auth.options.now() },
        (password) => hash(password),
      );
      await rememberRevoked(auth, endedSessions);
      if (result.outcome === 'unverified') return result;
      // What changed, never the password: the command prints a generated one once, nothing keeps it.
      const metadata =
        result.outcome === 'taken-over'
          ? { outcome: result.outcome, ...result.removed }
          : result.outcome === 'promoted'
            ? {
                outcome: result.outcome,
                passwordSet: result.passwordSet,
                sessionsEnded: result.sessionsEnded,
              }
            : { outcome: result.outcome };
      await auth.audit.record(undefined, {
        type: result.created ? 'admin.user_created' : 'admin.user_role_set',
        actor: SYSTEM,
        target: { type: 'user', id: result.userId },
        metadata,
      });
      return result;
    },
  };
}
