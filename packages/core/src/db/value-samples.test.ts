import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { migrateDatabase } from './migrate.ts';
import type { AuthDatabase } from './schema.ts';
import { searchIndexUpkeep } from './search-index-upkeep.ts';
import { dropValueSamples } from './value-samples.ts';

const rowsOf = async (database: AuthDatabase, table: 'sqlite_stat1' | 'sqlite_stat4') =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0]?.n,
  );

/** A migrated database with users, analysed as an operator's `ANALYZE` or `PRAGMA optimize` would. */
async function analysedDatabase(): Promise<AuthDatabase> {
  const database = await openTestDatabase('sqlite');
  await migrateDatabase(database);
  for (let n = 1; n <= 40; n++) {
    await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
      values (${`u${n}`}, ${`User ${n}`}, ${`user-${n}@example.com`}, 0, 0, 0)`.execute(database.db);
  }
  await sql`analyze`.execute(database.db);
  return database;
}

describe('SQLite value samples', () => {
  it('drops the samples ANALYZE left and keeps its row counts', async () => {
    const database = await analysedDatabase();
    try {
      const counts = await rowsOf(database, 'sqlite_stat1');
      expect(counts).toBeGreaterThan(0);
      expect(await rowsOf(database, 'sqlite_stat4')).toBeGreaterThan(0);

      expect(await dropValueSamples(database)).toBe(true);
      expect(await rowsOf(database, 'sqlite_stat4')).toBe(0);
      expect(await rowsOf(database, 'sqlite_stat1')).toBe(counts);
      // Nothing left to drop: the second call writes nothing.
      expect(await dropValueSamples(database)).toBe(false);
      // The users are all still there.
      expect(
        Number((await sql<{ n: number }>`select count(*) as n from "user"`.execute(database.db)).rows[0]?.n),
      ).toBe(40);
    } finally {
      await database.close();
    }
  });

  it('has nothing to drop in a database never analysed', async () => {
    const database = await openTestDatabase('sqlite');
    try {
      await migrateDatabase(database);
      expect(await dropValueSamples(database)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it("drops samples an ANALYZE left while the server runs, on the upkeep's next tick", async () => {
    const database = await analysedDatabase();
    const upkeep = searchIndexUpkeep(database, { intervalMs: 20, logError: () => {} });
    try {
      expect(await rowsOf(database, 'sqlite_stat4')).toBeGreaterThan(0);
      await expect.poll(() => rowsOf(database, 'sqlite_stat4'), { timeout: 5_000 }).toBe(0);
      expect(await rowsOf(database, 'sqlite_stat1')).toBeGreaterThan(0);
    } finally {
      await upkeep.stop();
      await database.close();
    }
  });
});
