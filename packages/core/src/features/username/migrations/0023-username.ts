import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/** The index that makes a username one person's (compared lowercased: the stored form is). */
export const USERNAME_INDEX = 'user_username_unique';

/**
 * Better Auth's username plugin's columns on `user` (docs/protocol/passwordless.md#3-usernames):
 * `username`, stored lowercased and unique, and `displayUsername`, as typed; both nullable, so
 * existing accounts have none. Columns already there (a Better Auth database that had the plugin)
 * keep their values; the unique index is made whether or not Better Auth made one of its own, as no
 * index may be assumed to exist (CONTRIBUTING: Adding a migration).
 */
export function usernameColumns(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const columns = await existingColumns(db, dialect, 'user');
      for (const column of ['username', 'displayUsername']) {
        if (!columns.has(column)) await db.schema.alterTable('user').addColumn(column, 'text').execute();
      }
      await db.schema
        .createIndex(USERNAME_INDEX)
        .ifNotExists()
        .unique()
        .on('user')
        .column('username')
        .execute();
    },
  };
}
