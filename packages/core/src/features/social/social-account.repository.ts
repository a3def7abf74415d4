import type { Kysely, Selectable } from 'kysely';
import type { Schema } from '../../db/schema.ts';

export type AccountRow = Selectable<Schema['account']>;

export function listUserAccounts(db: Kysely<Schema>, userId: string) {
  return db.selectFrom('account').selectAll().where('userId', '=', userId).orderBy('createdAt').execute();
}

export function findUserAccount(db: Kysely<Schema>, userId: string, id: string) {
  return db
    .selectFrom('account')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteAccount(db: Kysely<Schema>, id: string) {
  return db.deleteFrom('account').where('id', '=', id).execute();
}

/**
 * The stored comma list as an array: split, trimmed, empty entries dropped
 * (docs/protocol/social.md#list-accounts).
 */
export const scopesOf = (scope: string | null | undefined): string[] =>
  (scope ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
