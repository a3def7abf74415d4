import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';

const NOW = '2026-01-01T00:00:00.000Z';

describe.each(testDialects())('migration 0023-username (%s)', (dialect) => {
  const no = dialect === 'postgres' ? false : 0;
  const insertUser = (db: Kysely<unknown>, id: string) =>
    sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      values (${id}, ${id}, ${`${id}@example.com`}, ${no}, ${NOW}, ${NOW})`.execute(db);

  it('adds nullable username and displayUsername to existing users, unique by username, and runs twice without harm', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const db = database.db as Kysely<unknown>;
      await migrateDatabase(database);
      await insertUser(db, 'old');
      const columns = await existingColumns(db, dialect, 'user');
      expect(columns.has('username')).toBe(true);
      expect(columns.has('displayUsername')).toBe(true);
      const row = await database.db
        .selectFrom('user')
        .select(['id', 'username', 'displayUsername'] as never[])
        .where('id', '=', 'old')
        .executeTakeFirst();
      expect(row).toEqual({ id: 'old', username: null, displayUsername: null });
      await database.db
        .updateTable('user')
        .set({ username: 'grace' } as never)
        .where('id', '=', 'old')
        .execute();
      await insertUser(db, 'other');
      await expect(
        database.db
          .updateTable('user')
          .set({ username: 'grace' } as never)
          .where('id', '=', 'other')
          .execute(),
      ).rejects.toThrow();
      // Accounts without a username are many: NULLs never collide.
      await insertUser(db, 'third');
      expect((await migrateDatabase(database)).applied).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('adopts a Better Auth database that had the username plugin: its names and display names survive', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const db = database.db as Kysely<unknown>;
      await betterAuthUserTable(db, dialect);
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", username, "displayUsername")
        values ('ba', 'BA', 'ba@example.com', ${no}, ${NOW}, ${NOW}, 'ada', 'Ada')`.execute(db);
      await migrateDatabase(database);
      const row = await database.db
        .selectFrom('user')
        .select(['username', 'displayUsername'] as never[])
        .where('id', '=', 'ba')
        .executeTakeFirst();
      expect(row).toEqual({ username: 'ada', displayUsername: 'Ada' });
    } finally {
      await database.close();
    }
  });
});

/** `user` as Better Auth 1.7 creates it with the username plugin (docs/protocol/passwordless.md#3-usernames). */
async function betterAuthUserTable(db: Kysely<unknown>, dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', boolean as 'integer', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', date as 'text', (c) => c.notNull())
    .addColumn('updatedAt', date as 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.unique())
    .addColumn('displayUsername', 'text')
    .execute();
}
