import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { keptAdminSession } from '../../session/admin-session-cookie.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { deleteSessionByToken, findSessionByToken } from '../../session/session.repository.ts';
import { clearCookie, clearSessionCookies } from '../../session/session-cookies.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';

/**
 * Ends the presented session, whoever owns it, and always clears the cookies; never a 401. Signing out of
 * an impersonation also ends the admin's own session kept aside for it, which would otherwise live on
 * for its full lifetime in a cookie the admin cannot see (features/admin/README.md).
 */
export const signOut = defineEndpoint({
  name: 'signOut',
  method: 'POST',
  path: '/sign-out',
  summary: 'Sign out: end the presented session and clear the cookies',
  description: 'Never answers 401: without a valid session it only clears the cookies.',
  body: z
    .object({
      callbackURL: callbackUrlSchema.optional(),
      disableRedirect: z.boolean().optional(),
      state: z.string().max(2048).optional(),
    })
    .optional(),
  requires: 'none',
  response: z.object({ success: z.literal(true) }),
  errors: [],
  async handler({ auth, request }) {
    const token = auth.verifier.token(request.cookies.get(auth.cookies.token));
    if (token) {
      // The ending session names the event: its user, and the admin when it was an impersonation
      // (sign-out looks up no session of its own, so the recorder cannot find them).
      const ended = await auth.db
        .selectFrom('session')
        .select(['id', 'userId', 'impersonatedBy'])
        .where('token', '=', token)
        .executeTakeFirst();
      await deleteSessionByToken(auth.db, token);
      if (ended) {
        await auth.audit.record(request, {
          type: 'user.signed_out',
          actor: { type: 'user', id: ended.userId, impersonatorId: ended.impersonatedBy ?? null },
          target: { type: 'session', id: ended.id },
          sessionId: ended.id,
        });
      }
      const kept = ended?.impersonatedBy
        ? await endKeptAdminSession(auth, request, ended.impersonatedBy)
        : null;
      await rememberRevoked(auth, kept ? [token, kept] : [token]);
    }
    // With several people in the browser, signing out signs every one out
    // (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession).
    await auth.ports.browserSessions?.endAll(auth, request, token);
    clearSessionCookies(auth, request);
    return { success: true };
  },
});

/**
 * Deletes the session the `admin_session` cookie keeps when it is the impersonating admin's, and clears
 * the cookie; answers its token.
 */
async function endKeptAdminSession(
  auth: AuthContext,
  request: RequestContext,
  adminId: string,
): Promise<string | null> {
  const kept = keptAdminSession(auth, request);
  if (!kept) return null;
  clearCookie(auth, request, auth.cookies.adminSession);
  const row = await findSessionByToken(auth.db, kept.token);
  if (row?.userId !== adminId) return null;
  await deleteSessionByToken(auth.db, kept.token);
  await auth.audit.record(request, {
    type: 'user.signed_out',
    actor: { type: 'admin', id: adminId, impersonatorId: null },
    target: { type: 'session', id: row.id },
    sessionId: row.id,
  });
  return kept.token;
}
