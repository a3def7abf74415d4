import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { findUserById } from '../../user/user.repository.ts';
import { type User, userFromRow } from '../../user/user.ts';

/** The user with that id, or 404 USER_NOT_FOUND. */
export async function userOr404(auth: AuthContext, id: string): Promise<User> {
  const row = await findUserById(auth.db, id);
  if (!row) throw new AuthError('USER_NOT_FOUND', { status: 404 });
  return userFromRow(row, auth.options.additionalFields);
}

/** Ends every session of a user, cookie-cached ones included; returns how many ended. */
export async function endAllSessions(auth: AuthContext, userId: string): Promise<number> {
  const sessions = await auth.db.selectFrom('session').select('token').where('userId', '=', userId).execute();
  await auth.db.deleteFrom('session').where('userId', '=', userId).execute();
  await rememberRevoked(
    auth,
    sessions.map((s) => s.token),
  );
  return sessions.length;
}
