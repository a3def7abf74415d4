import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { deleteSessionByToken } from '../../session/session.repository.ts';
import { clearSessionCookies } from '../../session/session-cookies.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';

/** Ends the presented session, whoever owns it, and always clears the cookies; never a 401. */
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
      await rememberRevoked(auth, [token]);
    }
    clearSessionCookies(auth, request);
    return { success: true };
  },
});
