import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { AuthError } from '../errors.ts';
import { normalizeEmail } from './email.ts';
import { findUserById } from './user.repository.ts';
import { type User, userFromRow } from './user.ts';

export interface UserChanges {
  name?: string;
  email?: string;
  emailVerified?: boolean;
  image?: string | null;
  /** Database-ready additional field values. */
  additional?: Record<string, unknown>;
}

/** Applies changes to a user row (updatedAt bumps) and returns the user as it now is. */
export async function updateUserRow(auth: AuthContext, user: User, changes: UserChanges): Promise<User> {
  const now = auth.options.now();
  const values: Record<string, unknown> = { ...changes.additional, updatedAt: isoNow(now) };
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.email !== undefined) values.email = normalizeEmail(changes.email);
  if (changes.emailVerified !== undefined) values.emailVerified = changes.emailVerified ? 1 : 0;
  if (changes.image !== undefined) values.image = changes.image;
  await auth.db
    .updateTable('user')
    .set(values as never)
    .where('id', '=', user.id)
    .execute();
  // Read back rather than merge: the caller's copy may come from a cookie cache and be stale.
  const row = await findUserById(auth.db, user.id);
  if (!row) throw new AuthError('USER_NOT_FOUND');
  return userFromRow(row, auth.options.additionalFields);
}
