import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { normalizeEmail } from './email.ts';

// Kept only for the organization folder, which is being reworked on another branch: once it
// imports normalizeEmail from email.ts, this re-export goes.
export { normalizeEmail };

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

export function findUserById(db: Kysely<Schema>, id: string): Promise<Record<string, unknown> | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}
