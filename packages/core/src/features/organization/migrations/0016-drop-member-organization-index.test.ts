import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import type { AuthDatabase } from '../../../db/schema.ts';
import { indexNames } from '../../../testing/index-inspection.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';
import { FIRST_MEMBERS, listMembersWithUser } from '../members/member.repository.ts';

const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

/** `organizations` of five members each, then one of `large` members; users are made to match. */
async function seedMembers(database: AuthDatabase, organizations: number, large: number) {
  const db = database.db;
  const orgIds = Array.from({ length: organizations + 1 }, (_, n) => `org-${String(n).padStart(4, '0')}`);
  await db
    .insertInto('organization')
    .values(orgIds.map((id) => ({ id, name: id, slug: id, createdAt: at(0) })) as never)
    .execute();
  const members = orgIds.flatMap((organizationId, n) =>
    Array.from({ length: n === organizations ? large : 5 }, (_, k) => ({
      organizationId,
      userId: `user-${n}-${k}`,
      // Pairs share a second, so the id has to break the tie.
      createdAt: at(Math.floor(k / 2)),
    })),
  );
  await db
    .insertInto('user')
    .values(
      members.map(({ userId }) => ({
        id: userId,
        name: userId,
        email: `${userId}@example.com`,
        emailVerified: 0,
        createdAt: at(0),
        updatedAt: at(0),
      })) as never,
    )
    .execute();
  await db
    .insertInto('member')
    .values(members.map((m) => ({ ...m, id: `member-${m.userId}`, role: 'member' })) as never)
    .execute();
  return orgIds;
}

describe.each(testDialects())('0016-drop-member-organization-index (%s)', (dialect) => {
  it('leaves one index on the member’s organization: the ordered one', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      expect(await indexNames(database, 'member_organizationId%')).toEqual([
        'member_organizationId_createdAt_id_idx',
      ]);
    } finally {
      await database.close();
    }
  });

  it('reads the first members of a large organization in order, without sorting all of them', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      const orgIds = await seedMembers(database, 300, 400);
      await sql`analyze`.execute(database.db);
      const large = orgIds.at(-1) as string;
      let read: { text: string; parameters: readonly unknown[] } | undefined;
      const counted: AuthDatabase = {
        ...database,
        selectAll: (text, parameters) => {
          read = { text, parameters };
          return database.selectAll(text, parameters);
        },
      };
      const firstMembersOf = (id: string) => listMembersWithUser(counted, id, FIRST_MEMBERS);
      const [largeMembers, small] = await Promise.all([
        firstMembersOf(large),
        firstMembersOf(orgIds[0] as string),
      ]);
      // Oldest first, and within a shared second by id, which here is the order they were added in.
      expect(largeMembers.map((m) => m.userId)).toEqual(
        Array.from({ length: 100 }, (_, k) => `user-300-${k}`),
      );
      expect(small.map((m) => m.u_email)).toEqual(
        Array.from({ length: 5 }, (_, k) => `user-0-${k}@example.com`),
      );
      if (dialect === 'postgres') {
        // One query for both organizations (db/hot-read.ts), planned for the average one.
        if (read === undefined) throw new Error('the batched read did not run');
        const plan = await database.selectAll(`explain ${read.text}`, [[large], ...read.parameters.slice(1)]);
        const steps = plan.map((row) => String(row['QUERY PLAN'])).join('\n');
        expect(steps).toContain('member_organizationId_createdAt_id_idx');
        expect(steps).not.toContain('Sort');
      }
    } finally {
      await database.close();
    }
  });
});
