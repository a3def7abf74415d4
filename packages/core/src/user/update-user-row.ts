import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { AuthError } from '../errors.ts';
import { rememberRevoked } from '../session/revocations.ts';
import { deleteSessionsOfUser } from '../session/session.repository.ts';
import { normalizeEmail } from './email.ts';
import { findUserById, updateUserById } from './user.repository.ts';
import { type User, userFromRow } from './user.ts';

export interface UserChanges {
  name?: string;
  email?: string;
  emailVerified?: boolean;
  image?: string | null;
  /** Database-ready additional field values. */
  additional?: Record<string, unknown>;
}

/** The column values that store a set of changes, with updatedAt bumped. */
export function userRowValues(auth: AuthContext, changes: UserChanges): Record<string, unknown> {
  const values: Record<string, unknown> = { ...changes.additional, updatedAt: isoNow(auth.options.now()) };
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.email !== undefined) values.email = normalizeEmail(changes.email);
  if (changes.emailVerified !== undefined) values.emailVerified = changes.emailVerified ? 1 : 0;
  if (changes.image !== undefined) values.image = changes.image;
  return values;
}

/** The user as stored, after a write: read back rather than merged, as the caller's copy may come from a cookie cache and be stale. */
export async function reloadUser(auth: AuthContext, id: string): Promise<User> {
  const row = await findUserById(auth.db, id);
  if (!row) throw new AuthError('USER_NOT_FOUND');
  return userFromRow(row, auth.options.additionalFields);
}

/**
 * Applies changes to a user row (updatedAt bumps) and returns the user as it now is. `user` is the
 * row as read before the change.
 *
 * When the address becomes verified, every session made before ends in the same transaction, all
 * but `keepSession` (the verifying person's own): they were made by whoever held the account while
 * nobody had proven the address, perhaps someone who registered it first, and must not gain what a
 * verified address grants (ADMIN_EMAILS, invitations by address). See
 * packages/core/src/features/password-reset/README.md.
 */
export async function updateUserRow(
  auth: AuthContext,
  user: User,
  changes: UserChanges,
  { keepSession }: { keepSession?: string } = {},
): Promise<User> {
  const values = userRowValues(auth, changes);
  if (changes.emailVerified !== true || user.emailVerified) {
    await updateUserById(auth.db, user.id, values);
    return reloadUser(auth, user.id);
  }
  const ended = await auth.db.transaction().execute(async (trx) => {
    await updateUserById(trx, user.id, values);
    return deleteSessionsOfUser(trx, user.id, keepSession);
  });
  await rememberRevoked(auth, ended);
  return reloadUser(auth, user.id);
}
