import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { insertMembers, insertOrganizations, insertUsers } from '../../../db/migrations/written-rows.ts';
import type { AuthDatabase } from '../../../db/schema.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';

/** Members and their users, written as another application would. */
async function addMembers(database: AuthDatabase, organizationId: string, userIds: string[]) {
  await insertUsers(database, userIds);
  await insertMembers(database, organizationId, userIds);
}

/** The kept counts, beside what counting the members says they must be. */
async function counts(database: AuthDatabase) {
  const kept = await database.db
    .selectFrom('memberCount')
    .select(['organizationId', 'members'])
    .orderBy('organizationId')
    .execute();
  const counted = await database.db
    .selectFrom('member')
    .select((eb) => ['organizationId', eb.fn.countAll<number | string>().as('members')])
    .groupBy('organizationId')
    .orderBy('organizationId')
    .execute();
  const asObject = (rows: { organizationId: string; members: number | string }[]) =>
    Object.fromEntries(rows.map((row) => [row.organizationId, Number(row.members)]));
  return { kept: asObject(kept), counted: asObject(counted) };
}

const users = (prefix: string, n: number) => Array.from({ length: n }, (_, k) => `${prefix}-${k}`);

describe.each(testDialects())('0017-member-count (%s)', (dialect) => {
  it('keeps every organization’s count through inserts, moves, role changes and deletions', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      await insertOrganizations(database, ['a', 'b', 'c']);
      await addMembers(database, 'a', users('a', 7));
      await addMembers(database, 'b', users('b', 2));
      expect(await counts(database)).toEqual({ kept: { a: 7, b: 2 }, counted: { a: 7, b: 2 } });

      // A role change moves no one.
      await database.db
        .updateTable('member')
        .set({ role: 'admin' })
        .where('organizationId', '=', 'a')
        .execute();
      // Two of a's members move to c, one to b.
      await database.db
        .updateTable('member')
        .set({ organizationId: 'c' })
        .where('userId', 'in', ['a-0', 'a-1'])
        .execute();
      await database.db
        .updateTable('member')
        .set({ organizationId: 'b' })
        .where('userId', '=', 'a-2')
        .execute();
      expect(await counts(database)).toEqual({ kept: { a: 4, b: 3, c: 2 }, counted: { a: 4, b: 3, c: 2 } });

      // The last member leaving leaves no row behind; an organization's deletion takes its members.
      await database.db.deleteFrom('member').where('organizationId', '=', 'c').execute();
      await database.db.deleteFrom('organization').where('id', '=', 'b').execute();
      await database.db.deleteFrom('member').where('userId', '=', 'a-3').execute();
      expect(await counts(database)).toEqual({ kept: { a: 3 }, counted: { a: 3 } });

      if (dialect === 'postgres') {
        await sql`truncate "member"`.execute(database.db);
        expect(await counts(database)).toEqual({ kept: {}, counted: {} });
      }
    } finally {
      await database.close();
    }
  });

  it('counts the members a database adopted with members already has', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      await insertOrganizations(database, ['a', 'b']);
      // As before this migration: no table, no triggers, members already there.
      await sql`drop table "memberCount"`.execute(database.db);
      const triggers = ['insert', 'delete', 'update', ...(dialect === 'postgres' ? ['truncate'] : [])];
      for (const name of triggers) {
        const on = dialect === 'postgres' ? ' on "member"' : '';
        await sql.raw(`drop trigger "member_count_${name}"${on}`).execute(database.db);
      }
      // Unrecorded with the migrations after it, which the migrator then runs again (they may).
      await sql`delete from "gatehouse_migration" where "name" >= '0017-member-count'`.execute(database.db);
      await addMembers(database, 'a', users('a', 5));
      await addMembers(database, 'b', users('b', 1));

      expect((await migrateDatabase(database)).applied).toEqual([
        '0017-member-count',
        '0018-member-page-version',
        '0019-session-authenticated-at',
        '0020-api-key',
        '0021-api-key-created-by',
        '0022-webhooks',
        '0023-username',
      ]);
      expect(await counts(database)).toEqual({ kept: { a: 5, b: 1 }, counted: { a: 5, b: 1 } });
      await addMembers(database, 'b', users('b2', 3));
      expect((await counts(database)).kept).toEqual({ a: 5, b: 4 });
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('0017-member-count on PostgreSQL', () => {
  it('counts the members another role writes, though that role may not touch memberCount', async () => {
    const database = await openTestDatabase('postgres');
    const role = `gatehouse_writer_${randomBytes(4).toString('hex')}`;
    try {
      await migrateDatabase(database);
      await insertOrganizations(database, ['a']);
      await addMembers(database, 'a', users('a', 2));
      await insertUsers(database, ['x']);
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s;
      await sql.raw(`create role "${role}"`).execute(database.db);
      await sql.raw(`grant usage on schema "${schema}" to "${role}"`).execute(database.db);
      await sql.raw(`grant select, insert, delete on "member" to "${role}"`).execute(database.db);
      // One connection for the role's writes: `set role` lasts for its session.
      await database.db.connection().execute(async (db) => {
        await sql.raw(`set role "${role}"`).execute(db);
        try {
          await expect(sql`select * from "memberCount"`.execute(db)).rejects.toThrow(/permission denied/);
          await sql`insert into "member" ("id", "organizationId", "userId", "role", "createdAt")
            values ('m-extra', 'a', 'x', 'admin', now())`.execute(db);
          await sql`delete from "member" where "id" = 'm-a-a-1'`.execute(db);
        } finally {
          await sql`reset role`.execute(db);
        }
      });
      expect(await counts(database)).toEqual({ kept: { a: 2 }, counted: { a: 2 } });
    } finally {
      await database.close();
      // The schema, and with it the role's grants, went with close(); the role is the server's.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop role if exists "${role}"`);
      await admin.end();
    }
  });
});
