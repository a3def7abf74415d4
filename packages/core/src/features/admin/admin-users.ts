import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { rememberRevoked, rememberUserChanged } from '../../session/revocations.ts';
import { deleteSessionsImpersonatedBy, deleteSessionsOfUser } from '../../session/session.repository.ts';
import { reloadUser, type UserChanges, userRowValues } from '../../user/update-user-row.ts';
import { findUserById, updateUserById } from '../../user/user.repository.ts';
import { type User, userFromRow } from '../../user/user.ts';
import { userCan } from './admin-access.ts';

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
 * After an admin changed a user: the user's cached sessions answer from the database again, and the
 * impersonations they run end once they may no longer impersonate (README: Role changes and
 * impersonation).
 */
export async function applyUserChange(auth: AuthContext, user: User): Promise<void> {
  await rememberUserChanged(auth, user);
  if (userCan(auth, user, { user: ['impersonate'] })) return;
  await rememberRevoked(auth, await deleteSessionsImpersonatedBy(auth.db, user.id));
}

/**
 * Applies changes that ban a user and ends every session of theirs, and the impersonations they run,
 * in one transaction: a ban is never stored while the sessions it ends live on.
 */
export async function banAndEndSessions(auth: AuthContext, user: User, changes: UserChanges): Promise<User> {
  const tokens = await auth.db.transaction().execute(async (trx) => {
    await updateUserById(trx, user.id, userRowValues(auth, changes));
    return [
      ...(await deleteSessionsOfUser(trx, user.id)),
      ...(await deleteSessionsImpersonatedBy(trx, user.id)),
    ];
  });
  await rememberRevoked(auth, tokens);
  return reloadUser(auth, user.id);
}
