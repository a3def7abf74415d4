import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { rememberRevoked } from '../../session/revocations.ts';
import { deleteSessionsOfUser } from '../../session/session.repository.ts';
import { reloadUser, type UserChanges, userRowValues } from '../../user/update-user-row.ts';
import { findUserById, updateUserById } from '../../user/user.repository.ts';
import { type User, userFromRow } from '../../user/user.ts';

/** The user with that id, or 404 USER_NOT_FOUND. */
export async function userOr404(auth: AuthContext, id: string): Promise<User> {
  const row = await findUserById(auth.db, id);
  if (!row) throw new AuthError('USER_NOT_FOUND', { status: 404 });
  return userFromRow(row, auth.options.additionalFields);
}

/** Ends every session of a user, cookie-cached ones included; answers how many ended. */
export async function endAllSessions(auth: AuthContext, userId: string): Promise<number> {
  const tokens = await deleteSessionsOfUser(auth.db, userId);
  await rememberRevoked(auth, tokens);
  return tokens.length;
}

/**
 * Applies changes that ban a user and ends every session of theirs, in one transaction: a ban
 * is never stored while the sessions it ends live on.
 */
export async function banAndEndSessions(auth: AuthContext, user: User, changes: UserChanges): Promise<User> {
  const tokens = await auth.db.transaction().execute(async (trx) => {
    await updateUserById(trx, user.id, userRowValues(auth, changes));
    return deleteSessionsOfUser(trx, user.id);
  });
  await rememberRevoked(auth, tokens);
  return reloadUser(auth, user.id);
}
