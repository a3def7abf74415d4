import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { RawJson } from '../../http/respond.ts';
import { sessionJson, userJson } from '../../http/response-schemas.ts';
import { type ResolvedSession, resolveSession } from '../../session/resolve-session.ts';
import { sessionToJson } from '../../session/session.ts';
import { userToJson } from '../../user/user.ts';

/** Query flags: absent, empty, `false` or `0` mean false; any other value means true. */
const flag = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => {
    const last = Array.isArray(value) ? value.at(-1) : value;
    return last !== undefined && last !== '' && last !== 'false' && last !== '0';
  });

/** The hot path: every page load of every app asks it. With a valid cache cookie it never touches the database. */
export const getSession = defineEndpoint({
  name: 'getSession',
  method: 'GET',
  path: '/get-session',
  summary: 'Read the current session and its user',
  description:
    'Answers `null` without a session. A valid cookie-cache cookie answers without touching the database ' +
    '(`disableCookieCache=true` reads the database); a session past its update age is extended unless ' +
    '`disableRefresh=true`.',
  query: z.object({ disableCookieCache: flag, disableRefresh: flag }),
  requires: 'none',
  keySessions: ['scoped', 'organization'],
  readsSession: 'optional',
  response: z.object({ session: sessionJson, user: userJson }).nullable(),
  errors: ['FAILED_TO_GET_SESSION', ['FAILED_TO_GET_SESSION', 401]],
  noStore: true,
  async handler({ auth, request, query }) {
    let resolved: ResolvedSession | null;
    try {
      resolved = await resolveSession(auth, request, query);
    } catch (error) {
      if (error instanceof AuthError) throw error;
      throw new AuthError('FAILED_TO_GET_SESSION', { cause: error });
    }
    if (!resolved) return null;
    // Feature steps (the JWT header) run outside the catch above: their failures are not a
    // failed session read, and are logged as the unexpected errors they are.
    if (auth.onSessionAnswer) await auth.onSessionAnswer(request, resolved);
    if (resolved.cachedBody) return new RawJson(resolved.cachedBody);
    if (resolved.userJson) {
      const session = JSON.stringify(sessionToJson(resolved.session));
      return new RawJson(`{"session":${session},"user":${resolved.userJson}}`);
    }
    return {
      session: sessionToJson(resolved.session),
      user: userToJson(resolved.user, auth.options.additionalFields),
    };
  },
});

/** Better Auth accepts POST here only with deferred refresh, which Gatehouse does not offer. */
export const postGetSession = defineEndpoint({
  name: 'postGetSession',
  method: 'POST',
  path: '/get-session',
  summary: 'Read the current session (POST form of get-session)',
  description:
    'Better Auth accepts POST here only for deferred session refresh, which Gatehouse does not offer: the ' +
    'route answers as GET does.',
  requires: 'none',
  keySessions: ['scoped', 'organization'],
  // It never succeeds: Gatehouse offers no deferred session refresh.
  response: z.never(),
  errors: ['METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED'],
  noStore: true,
  async handler() {
    throw new AuthError('METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED');
  },
});
