import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { redirectResponse } from '../../http/respond.ts';
import { resolveSession } from '../../session/resolve-session.ts';
import { deleteUserAndSignOut } from '../../user/delete-user.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { consumeDeletionToken } from './delete-user.ts';

/**
 * The emailed deletion link: opened in the browser where the person is signed in
 * (docs/protocol/core.md#delete-user).
 */
export const deleteUserCallback = defineEndpoint({
  name: 'deleteUserCallback',
  method: 'GET',
  path: '/delete-user/callback',
  summary: 'Open an emailed account deletion link',
  description:
    'Opened in the browser where the person is signed in: deletes the account and redirects to ' +
    '`callbackURL`, failures as `?error=CODE`.',
  query: z.object({ token: z.string().min(1).max(256), callbackURL: callbackUrlSchema.optional() }),
  requires: 'none',
  readsSession: 'session',
  // Without `callbackURL`, the answer is JSON; with it, a redirect there.
  response: z.object({ success: z.literal(true), message: z.literal('User deleted') }),
  // The session is read in the handler: its refusals are declared here.
  errors: [
    'NOT_FOUND',
    'INVALID_CALLBACK_URL',
    ['FAILED_TO_GET_SESSION', 401],
    ['FAILED_TO_GET_USER_INFO', 404],
    ['INVALID_TOKEN', 404],
  ],
  redirects: true,
  async handler({ auth, request, query }) {
    if (!auth.options.deleteUser.enabled) throw new AuthError('NOT_FOUND');
    if (query.callbackURL && !auth.origins.isTrustedRedirect(query.callbackURL)) {
      throw new AuthError('INVALID_CALLBACK_URL');
    }
    const current = await resolveSession(auth, request, { disableCookieCache: true });
    if (!current) throw new AuthError('FAILED_TO_GET_USER_INFO', { status: 404 });
    await consumeDeletionToken(auth, query.token, current.user.id);
    await deleteUserAndSignOut(auth, request, current.user.id, 'email');
    if (query.callbackURL) return redirectResponse(query.callbackURL, []);
    return { success: true, message: 'User deleted' };
  },
});
