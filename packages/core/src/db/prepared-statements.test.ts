import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { migrateDatabase } from './migrate.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('selectFirst on PostgreSQL (named prepared statements)', () => {
  it('reads the same text again and again, and survives a migration changing a table under it', async () => {
    const database = await openTestDatabase('postgres');
    try {
      await migrateDatabase(database);
      await database.db
        .insertInto('user')
        .values({
          id: 'u1',
          name: 'Ada',
          email: 'ada@example.com',
          emailVerified: 0,
          createdAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        })
        .execute();
      const text = 'select * from "user" where "id" = $1';
      // More reads than the pool has connections, so several connections prepare the statement.
      const reads = await Promise.all(Array.from({ length: 25 }, () => database.selectFirst(text, ['u1'])));
      expect(reads.every((row) => row?.email === 'ada@example.com')).toBe(true);

      // Another server copy adds a column: the prepared statements' result type is now stale.
      await database.db.schema.alterTable('user').addColumn('nickname', 'text').execute();
      const after = await Promise.all(Array.from({ length: 25 }, () => database.selectFirst(text, ['u1'])));
      expect(after.every((row) => row?.email === 'ada@example.com' && 'nickname' in row)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
