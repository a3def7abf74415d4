import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testDialects } from '../../testing/test-database.ts';
import { migrateDatabase } from '../migrate.ts';

const NAMES = [
  'invitation_organizationId_createdAt_idx',
  'member_organizationId_createdAt_idx',
  'session_userId_createdAt_idx',
  'team_organizationId_createdAt_idx',
];

describe.each(testDialects())('0014-list-order-indexes (%s)', (dialect) => {
  it('gives the oldest-first lists their indexes, so no list is sorted after it is read', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      const listed =
        dialect === 'sqlite'
          ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'
              and name like '%createdAt_idx' order by 1`.execute(database.db)
          : await sql<{ name: string }>`select indexname as name from pg_indexes
              where schemaname = current_schema() and indexname like '%createdAt_idx' order by 1`.execute(
              database.db,
            );
      expect(listed.rows.map((row) => row.name)).toEqual(NAMES);
      if (dialect === 'sqlite') {
        const plan = await sql<{ detail: string }>`explain query plan
          select "member".* from "member" inner join "user" on "user"."id" = "member"."userId"
          where "member"."organizationId" = ${'o'} order by "member"."createdAt" limit ${100}`.execute(
          database.db,
        );
        const steps = plan.rows.map((row) => row.detail).join(' | ');
        expect(steps).toContain('member_organizationId_createdAt_idx');
        expect(steps).not.toContain('TEMP B-TREE');
      }
    } finally {
      await database.close();
    }
  });
});
