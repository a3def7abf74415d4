import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import { requireSession } from '../../session/require-session.ts';
import { findUserById } from '../../user/user.repository.ts';
import { type User, userFromRow } from '../../user/user.ts';

/**
 * Who create and update act for: the caller's session user, or in an `auth.api` call the user it
 * names (`userId`, which only such calls may send). 401 UNAUTHORIZED_SESSION without either, as the
 * reference answers on these two routes.
 */
export async function actingUser(
  auth: AuthContext,
  request: RequestContext,
  userId: string | undefined,
): Promise<User> {
  if (userId !== undefined && request.incoming.serverCall) {
    const row = await findUserById(auth.db, userId);
    if (!row) throw new AuthError('UNAUTHORIZED_SESSION');
    return userFromRow(row, auth.options.additionalFields);
  }
  const resolved = await requireSession(auth, request, 'optional');
  if (!resolved) throw new AuthError('UNAUTHORIZED_SESSION');
  return resolved.user;
}
