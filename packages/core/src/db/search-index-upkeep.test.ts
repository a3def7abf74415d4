import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { migrateDatabase } from './migrate.ts';
import {
  MIN_SEGMENTS,
  mergeSearchIndex,
  type SearchIndexUpkeep,
  searchIndexUpkeep,
  segmentCount,
} from './search-index-upkeep.ts';

/** Users added one statement at a time, as sign-ups add them: each leaves a segment of its own. */
async function signUps(database: Awaited<ReturnType<typeof openTestDatabase>>, from: number, count: number) {
  for (let n = from; n < from + count; n++) {
    await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
      values (${`u${n}`}, ${`User ${n}`}, ${`user-${n}@example.com`}, 0, 0, 0)`.execute(database.db);
  }
}

const search = async (database: Awaited<ReturnType<typeof openTestDatabase>>, pattern: string) =>
  (
    await sql<{
      id: string;
    }>`select "id" from "user_search" where "email" like ${pattern} order by 1`.execute(database.db)
  ).rows.map((row) => row.id);

describe('SQLite user search index upkeep', () => {
  it('merges an index left in pieces by sign-ups into one segment, and finds the same users after', async () => {
    const database = await openTestDatabase('sqlite');
    try {
      await migrateDatabase(database);
      await signUps(database, 1, 30);
      expect(await segmentCount(database)).toBeGreaterThanOrEqual(MIN_SEGMENTS);
      const found = await search(database, '%user-1%');
      expect(found).toHaveLength(11);

      expect(await mergeSearchIndex(database)).toBeGreaterThan(1);
      expect(await segmentCount(database)).toBe(1);
      expect(await search(database, '%user-1%')).toEqual(found);
      // Once merged there is nothing to do: the segments are counted and no merge runs.
      expect(await mergeSearchIndex(database)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('leaves a few segments alone, and its timer merges once there are enough', async () => {
    const database = await openTestDatabase('sqlite');
    let upkeep: SearchIndexUpkeep | undefined;
    try {
      await migrateDatabase(database);
      await signUps(database, 1, 2);
      expect(await segmentCount(database)).toBeLessThan(MIN_SEGMENTS);
      expect(await mergeSearchIndex(database)).toBe(0);
      await signUps(database, 3, 20);
      expect(await segmentCount(database)).toBeGreaterThanOrEqual(MIN_SEGMENTS);
      upkeep = searchIndexUpkeep(database, { intervalMs: 20, logError: () => {} });
      await expect.poll(() => segmentCount(database), { timeout: 5_000 }).toBe(1);
    } finally {
      await upkeep?.stop();
      await database.close();
    }
  });

  it('stops a merge in progress when the server stops, leaving the index as it is', async () => {
    const database = await openTestDatabase('sqlite');
    const upkeep = searchIndexUpkeep(database, { intervalMs: 60_000, logError: () => {} });
    try {
      await migrateDatabase(database);
      await signUps(database, 1, 30);
      const segments = await segmentCount(database);
      const running = upkeep.run();
      await upkeep.stop();
      expect(await running).toBe(0);
      expect(await segmentCount(database)).toBe(segments);
      expect(await search(database, '%user-1%')).toHaveLength(11);
    } finally {
      await database.close();
    }
  });

  it('does nothing on PostgreSQL, where autovacuum keeps the trigram indexes', async () => {
    if (!process.env.TEST_DATABASE_URL) return expect(process.env.TEST_DATABASE_URL).toBeUndefined();
    const database = await openTestDatabase('postgres');
    const upkeep = searchIndexUpkeep(database, { intervalMs: 20, logError: () => {} });
    try {
      expect(await upkeep.run()).toBe(0);
    } finally {
      await upkeep.stop();
      await database.close();
    }
  });
});
