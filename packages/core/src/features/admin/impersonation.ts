import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { sessionJson, userJson } from '../../http/response-schemas.ts';
import { keepAdminSession, keptAdminSession } from '../../session/admin-session-cookie.ts';
import { createSession } from '../../session/create-session.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import {
  deleteSessionByToken,
  findSessionByToken,
  sessionColumnsOf,
} from '../../session/session.repository.ts';
import { sessionFromRow, sessionToJson } from '../../session/session.ts';
import { clearCookie, readSignedCookie, setSessionCookies } from '../../session/session-cookies.ts';
import { userToJson } from '../../user/user.ts';
import { adminSettings, isAdminTarget, requirePermission, userCan } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { userOr404 } from './admin-users.ts';

/**
 * Signs the admin in as another user for a limited time. The admin's own session is kept aside in
 * a signed cookie and comes back with stop-impersonating (signing out ends both, README); the
 * impersonation session records who acts, and lists of the user's own sessions never show it.
 */
export const adminImpersonateUser = defineEndpoint({
  name: 'adminImpersonateUser',
  method: 'POST',
  path: '/admin/impersonate-user',
  summary: 'Sign in as another user for a limited time',
  description:
    "The admin's own session is kept aside in a signed cookie and comes back with stop-impersonating; the " +
    "impersonation session records who acts and is never listed among the user's own sessions.",
  body: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  response: z.object({ session: sessionJson, user: userJson }),
  errors: [
    'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
    ['USER_NOT_FOUND', 404],
    'YOU_CANNOT_IMPERSONATE_ADMINS',
    // No session is created for a banned user.
    'BANNED_USER',
  ],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor, session: own } = resolved;
    requirePermission(auth, actor, { user: ['impersonate'] }, 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS');
    const target = await userOr404(auth, body.userId);
    if (isAdminTarget(auth, target) && !userCan(auth, actor, { user: ['impersonate-admins'] })) {
      throw new AuthError('YOU_CANNOT_IMPERSONATE_ADMINS');
    }
    const remembered = readSignedCookie(auth, request, auth.cookies.dontRemember) ?? '';
    const session = await createSession(auth, request, target, {
      impersonation: {
        adminId: actor.id,
        expiresInSeconds: adminSettings(auth).impersonationSessionDuration,
      },
    });
    keepAdminSession(auth, request, own.token, remembered);
    await auth.audit.record(request, {
      type: 'admin.impersonation_started',
      actor: { type: 'admin' },
      target: { type: 'user', id: target.id },
      metadata: { targetUserId: target.id, impersonationSessionId: session.id },
    });
    const fields = auth.options.additionalFields;
    return { session: sessionToJson(session), user: userToJson(target, fields) };
  },
});

export const adminStopImpersonating = defineEndpoint({
  name: 'adminStopImpersonating',
  method: 'POST',
  path: '/admin/stop-impersonating',
  summary: "End an impersonation and return to the admin's own session",
  requires: 'sensitive',
  response: z.object({ session: sessionJson, user: userJson }),
  errors: ['NOT_IMPERSONATING', 'ADMIN_SESSION_NOT_FOUND', ['USER_NOT_FOUND', 500]],
  async handler({ auth, request, session: { session } }) {
    if (!session.impersonatedBy) throw new AuthError('NOT_IMPERSONATING');
    const kept = keptAdminSession(auth, request);
    const row = kept ? await findSessionByToken(auth.db, kept.token) : undefined;
    const adminSession = row ? sessionFromRow(row, sessionColumnsOf(auth.options)) : null;
    if (
      !adminSession ||
      adminSession.userId !== session.impersonatedBy ||
      adminSession.expiresAt.getTime() <= auth.options.now()
    ) {
      throw new AuthError('ADMIN_SESSION_NOT_FOUND');
    }
    const admin = await userOr404(auth, adminSession.userId).catch(() => {
      throw new AuthError('USER_NOT_FOUND', { status: 500 });
    });
    await deleteSessionByToken(auth.db, session.token);
    await rememberRevoked(auth, [session.token]);
    await auth.audit.record(request, {
      type: 'admin.impersonation_stopped',
      actor: { type: 'admin', id: admin.id, email: admin.email },
      target: { type: 'user', id: session.userId },
      sessionId: adminSession.id,
      metadata: { impersonationSessionId: session.id },
    });
    setSessionCookies(auth, request, adminSession, admin, kept?.dontRemember === true);
    clearCookie(auth, request, auth.cookies.adminSession);
    return { session: sessionToJson(adminSession), user: userToJson(admin, auth.options.additionalFields) };
  },
});
