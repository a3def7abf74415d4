import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { indexNames, sqlitePlan } from '../../testing/index-inspection.ts';
import { openTestDatabase, testDialects } from '../../testing/test-database.ts';
import { migrateDatabase } from '../migrate.ts';

// 0015 replaced the member index by one that also holds the id (features/organization/migrations/0015-member-page-index.test.ts).
const NAMES = [
  'invitation_organizationId_createdAt_idx',
  'session_userId_createdAt_idx',
  'team_organizationId_createdAt_idx',
];

describe.each(testDialects())('0014-list-order-indexes (%s)', (dialect) => {
  it('gives the oldest-first lists their indexes, so no list is sorted after it is read', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      expect(await indexNames(database, '%createdAt_idx')).toEqual(NAMES);
      if (dialect === 'sqlite') {
        const steps = await sqlitePlan(
          database,
          sql`select "invitation".* from "invitation" where "invitation"."organizationId" = ${'o'}
            order by "invitation"."createdAt" limit ${100}`,
        );
        expect(steps).toContain('invitation_organizationId_createdAt_idx');
        expect(steps).not.toContain('TEMP B-TREE');
      }
    } finally {
      await database.close();
    }
  });
});
