import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../../testing/test-database.ts';
import { migrateDatabase } from '../migrate.ts';
import { existingColumns } from './existing-columns.ts';

describe.each(testDialects())('0019-session-authenticated-at (%s)', (dialect) => {
  it('adds the column to a Better Auth session table, keeping its rows (null: counted from createdAt)', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      const { db } = database;
      // As before this migration, with a session Better Auth wrote.
      await db.schema.alterTable('session').dropColumn('authenticatedAt').execute();
      await sql`delete from "gatehouse_migration" where "name" >= '0019-session-authenticated-at'`.execute(
        db,
      );
      const now = new Date().toISOString();
      await db
        .insertInto('user')
        .values({
          id: 'u',
          name: 'U',
          email: 'u@example.test',
          emailVerified: 0,
          image: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      await sql`insert into "session" ("id", "token", "userId", "expiresAt", "createdAt", "updatedAt")
        values ('s', 't', 'u', ${now}, ${now}, ${now})`.execute(db);

      // The later migrations run again too: each finds its work done.
      expect((await migrateDatabase(database)).applied).toEqual([
        '0019-session-authenticated-at',
        '0020-api-key',
        '0021-api-key-created-by',
        '0022-webhooks',
        '0023-username',
      ]);
      expect(
        (await existingColumns(db as unknown as Kysely<unknown>, dialect, 'session')).has('authenticatedAt'),
      ).toBe(true);
      const rows = await db.selectFrom('session').select(['token', 'authenticatedAt']).execute();
      expect(rows).toEqual([{ token: 't', authenticatedAt: null }]);
      // Run again (every start): nothing to do.
      expect((await migrateDatabase(database)).applied).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
