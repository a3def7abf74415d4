import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { indexNames, sqlitePlan } from '../../../testing/index-inspection.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';

describe.each(testDialects())('0015-member-page-index (%s)', (dialect) => {
  it('replaces the member list index by one ending in the id, so a page is read in order', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      expect(await indexNames(database, 'member_organizationId_createdAt%')).toEqual([
        'member_organizationId_createdAt_id_idx',
      ]);
      if (dialect === 'sqlite') {
        // The window of listMembersPage (member-page.repository.ts): oldest first, the id breaking ties.
        const steps = await sqlitePlan(
          database,
          sql`select "member".* from "member" where "member"."organizationId" = ${'o'}
            order by "member"."createdAt" asc, "member"."id" asc limit ${100} offset ${0}`,
        );
        expect(steps).toContain('member_organizationId_createdAt_id_idx');
        expect(steps).not.toContain('TEMP B-TREE');
      }
    } finally {
      await database.close();
    }
  });
});
