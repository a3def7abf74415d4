import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sessionJson } from '../../http/response-schemas.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import {
  deleteSessionByToken,
  findSessionByToken,
  listActiveSessions,
  sessionColumnsOf,
} from '../../session/session.repository.ts';
import { sessionFromRow, sessionToJson } from '../../session/session.ts';
import { requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { endAllSessions } from './admin-users.ts';

/** A user's unexpired sessions, impersonation sessions included. */
export const adminListUserSessions = defineEndpoint({
  name: 'adminListUserSessions',
  method: 'POST',
  path: '/admin/list-user-sessions',
  summary: "List a user's unexpired sessions",
  description: 'Impersonation sessions included.',
  body: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ sessions: z.array(sessionJson) }),
  errors: ['YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS'],
  async handler({ auth, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { session: ['list'] }, 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS');
    const rows = await listActiveSessions(auth.db, body.userId, isoNow(auth.options.now()));
    return {
      sessions: rows.map((row) => sessionToJson(sessionFromRow(row, sessionColumnsOf(auth.options)))),
    };
  },
});

export const adminRevokeUserSession = defineEndpoint({
  name: 'adminRevokeUserSession',
  method: 'POST',
  path: '/admin/revoke-user-session',
  summary: "End one of a user's sessions",
  body: z.object({ sessionToken: z.string().min(1).max(256) }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ success: z.literal(true) }),
  errors: ['YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS'],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS');
    const revoked = await findSessionByToken(auth.db, body.sessionToken);
    await deleteSessionByToken(auth.db, body.sessionToken);
    // A token that names no session ended none: nothing to remember, and the host counts none.
    if (revoked) {
      await rememberRevoked(auth, [body.sessionToken]);
      await auth.audit.record(request, {
        type: 'session.revoked',
        actor: { type: 'admin' },
        target: { type: 'session', id: revoked.id },
        metadata: { by: 'admin', userId: revoked.userId },
      });
    }
    return { success: true };
  },
});

export const adminRevokeUserSessions = defineEndpoint({
  name: 'adminRevokeUserSessions',
  method: 'POST',
  path: '/admin/revoke-user-sessions',
  summary: 'End every session of a user',
  body: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ success: z.literal(true) }),
  errors: ['YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS'],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { session: ['revoke'] }, 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS');
    const count = await endAllSessions(auth, body.userId);
    await auth.audit.record(request, {
      type: 'admin.user_sessions_revoked',
      actor: { type: 'admin' },
      target: { type: 'user', id: body.userId },
      metadata: { count },
    });
    return { success: true };
  },
});
