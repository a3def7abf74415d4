import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { AuthError } from '../errors.ts';
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

/** Applies changes to a user row (updatedAt bumps) and returns the user as it now is. */
export async function updateUserRow(auth: AuthContext, user: User, changes: UserChanges): Promise<User> {
  await updateUserById(auth.db, user.id, userRowValues(auth, changes));
  return reloadUser(auth, user.id);
}
