import { z } from 'zod';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { endOtherSessions } from '../../session/end-other-sessions.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import {
  deleteSessionByToken,
  deleteSessionsOfUser,
  findSessionByToken,
  listActiveSessions,
} from '../../session/session.repository.ts';
import { clearSessionCookies } from '../../session/session-cookies.ts';

// Revoke routes are `sensitive`: the caller's session is read from the database, never the cache.

/**
 * docs/protocol/core.md#listing-and-revoking-sessions: unknown token -> 400 'Session not found'; another
 * user's -> 401, nothing revoked.
 */
export const revokeSession = defineEndpoint({
  name: 'revokeSession',
  method: 'POST',
  path: '/revoke-session',
  summary: "End one of the caller's sessions by its token",
  description:
    "An unknown token is 400 `Session not found`; another user's session is 401 and nothing is revoked.",
  body: z.object({ token: z.string().min(1).max(256) }),
  requires: 'sensitive',
  response: statusJson,
  errors: ['SESSION_NOT_FOUND'],
  async handler({ auth, request, body, session: resolved }) {
    const { session: current } = resolved;
    const target = await findSessionByToken(auth.db, body.token);
    if (!target) throw new AuthError('SESSION_NOT_FOUND');
    if (target.userId !== current.userId) throw new AuthError('UNAUTHORIZED');
    await deleteSessionByToken(auth.db, body.token);
    await rememberRevoked(auth, [body.token]);
    await auth.audit.record(request, {
      type: 'session.revoked',
      target: { type: 'session', id: target.id },
      metadata: { by: 'self' },
    });
    if (body.token === current.token) clearSessionCookies(auth, request);
    return { status: true };
  },
});

/** Ends every session of the caller, this one included. */
export const revokeSessions = defineEndpoint({
  name: 'revokeSessions',
  method: 'POST',
  path: '/revoke-sessions',
  summary: 'End every session of the caller, this one included',
  requires: 'sensitive',
  response: statusJson,
  errors: [],
  async handler({ auth, request, session: { user } }) {
    const active = await listActiveSessions(auth.db, user.id, isoNow(auth.options.now()));
    await deleteSessionsOfUser(auth.db, user.id);
    await rememberRevoked(
      auth,
      active.map((s) => s.token),
    );
    // Signing out everywhere also stops every browser from skipping two-factor (D2).
    await auth.ports.secondFactor?.forgetTrustedBrowsers(auth, user.id, request);
    await auth.audit.record(request, {
      type: 'session.revoked_all',
      target: { type: 'user', id: user.id },
      metadata: { count: active.length, others: false },
    });
    clearSessionCookies(auth, request);
    return { status: true };
  },
});

/** Ends the caller's other unexpired sessions; this one stays signed in. */
export const revokeOtherSessions = defineEndpoint({
  name: 'revokeOtherSessions',
  method: 'POST',
  path: '/revoke-other-sessions',
  summary: "End the caller's other sessions; this one stays signed in",
  requires: 'sensitive',
  response: statusJson,
  errors: [],
  async handler({ auth, request, session: { session } }) {
    const count = await endOtherSessions(auth, session.userId, session.token);
    await auth.audit.record(request, {
      type: 'session.revoked_all',
      target: { type: 'user', id: session.userId },
      metadata: { count, others: true },
    });
    return { status: true };
  },
});
