import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sessionJson } from '../../http/response-schemas.ts';
import { listActiveSessions, sessionColumnsOf } from '../../session/session.repository.ts';
import { sessionFromRow, sessionToJson } from '../../session/session.ts';

/**
 * The caller's unexpired sessions, oldest first. It needs a session, not a fresh one
 * (docs/protocol/core.md#listing-and-revoking-sessions).
 */
export const listSessions = defineEndpoint({
  name: 'listSessions',
  method: 'GET',
  path: '/list-sessions',
  summary: "List the caller's unexpired sessions",
  description: 'Oldest first; impersonation sessions are never listed.',
  requires: 'session',
  // It answers the owner's session tokens: a key session must not turn into one (K3,
  // docs/protocol/api-key.md#decisions-for-gatehouse).
  accepts: NOT_BY_API_KEY,
  response: z.array(sessionJson),
  errors: [],
  async handler({ auth, session: { user } }) {
    const rows = await listActiveSessions(auth.database, user.id, isoNow(auth.options.now()));
    const columns = sessionColumnsOf(auth.options);
    // Impersonation sessions belong to the admin acting, not to this person's own devices.
    return rows
      .filter((row) => !row.impersonatedBy)
      .map((row) => sessionToJson(sessionFromRow(row, columns)));
  },
});
