import type { Kysely } from 'kysely';
import { hotRead, type ReadOn } from '../db/hot-read.ts';
import type { Schema } from '../db/schema.ts';
import { normalizeEmail } from './email.ts';

export interface NewUserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: number;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  [additional: string]: unknown;
}

export function insertUser(db: Kysely<Schema>, row: NewUserRow): Promise<unknown> {
  return db
    .insertInto('user')
    .values(row as never)
    .execute();
}

export function findUserByEmail(
  db: Kysely<Schema>,
  email: string,
): Promise<Record<string, unknown> | undefined> {
  return db.selectFrom('user').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

const userById = hotRead((db, v: { id: string }) => db.selectFrom('user').selectAll().where('id', '=', v.id));

/** A hot read: every `x-api-key` request reads its key's owner (db/hot-read.ts). */
export const findUserById = (on: ReadOn, id: string): Promise<Record<string, unknown> | undefined> =>
  userById.first(on, { id });

/** Writes database-ready column values (additional fields included) to one user row. */
export function updateUserById(
  db: Kysely<Schema>,
  id: string,
  values: Record<string, unknown>,
): Promise<unknown> {
  return db
    .updateTable('user')
    .set(values as never)
    .where('id', '=', id)
    .execute();
}

/**
 * Clears the admin feature's ban columns, but only while the ban is the expired one (`banExpires`
 * not after `now`), so a ban made in the meantime is never undone. True when it was lifted.
 */
export async function liftExpiredBan(db: Kysely<Schema>, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ banned: 0, banReason: null, banExpires: null, updatedAt: now } as never)
    .where('id', '=', id)
    .where('banExpires' as never, '<=', now as never)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function deleteUserById(db: Kysely<Schema>, id: string): Promise<unknown> {
  return db.deleteFrom('user').where('id', '=', id).execute();
}
