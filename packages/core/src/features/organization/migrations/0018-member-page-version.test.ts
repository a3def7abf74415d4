import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { insertMembers, insertOrganizations, insertUsers } from '../../../db/migrations/written-rows.ts';
import type { AuthDatabase } from '../../../db/schema.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';

async function versions(database: AuthDatabase): Promise<Record<string, string>> {
  const rows = await database.db.selectFrom('memberPageVersion').selectAll().execute();
  return Object.fromEntries(rows.map((row) => [row.organizationId, String(row.version)]));
}

/**
 * Runs `write` and says which organizations' versions changed. Every version an organization is
 * given must be new to it: a repeat could make a server answer a page it read before the change.
 */
function watcher(database: AuthDatabase) {
  const seen = new Map<string, Set<string>>();
  let last: Record<string, string> = {};
  const record = (now: Record<string, string>) => {
    for (const [organization, version] of Object.entries(now)) {
      const earlier = seen.get(organization) ?? new Set<string>();
      if (last[organization] !== version) {
        expect(earlier.has(version), `${organization} got ${version} again`).toBe(false);
        earlier.add(version);
      }
      seen.set(organization, earlier);
    }
    last = now;
  };
  return {
    start: async () => record(await versions(database)),
    async changedBy(write: () => Promise<unknown>): Promise<string[]> {
      const before = last;
      await write();
      const now = await versions(database);
      record(now);
      return [...new Set([...Object.keys(before), ...Object.keys(now)])]
        .filter((organization) => before[organization] !== now[organization])
        .sort();
    },
  };
}

describe.each(testDialects())('0018-member-page-version (%s)', (dialect) => {
  it('changes the version of exactly the organizations whose member list a write changes', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      const { db } = database;
      await insertOrganizations(database, ['a', 'b', 'c']);
      await insertUsers(database, ['u1', 'u2', 'u3', 'u4', 'u5']);
      const watch = watcher(database);
      await watch.start();

      expect(await watch.changedBy(() => insertMembers(database, 'a', ['u1', 'u2', 'u3']))).toEqual(['a']);
      expect(await watch.changedBy(() => insertMembers(database, 'b', ['u1', 'u4']))).toEqual(['b']);
      const user = (id: string) => db.updateTable('user').where('id', '=', id);
      // What a page shows of a user: every org the user is in changes, and only those.
      expect(await watch.changedBy(() => user('u1').set({ name: 'Renamed' }).execute())).toEqual(['a', 'b']);
      expect(await watch.changedBy(() => user('u2').set({ email: 'new@example.com' }).execute())).toEqual([
        'a',
      ]);
      expect(await watch.changedBy(() => user('u4').set({ image: 'https://x/y.png' }).execute())).toEqual([
        'b',
      ]);
      expect(await watch.changedBy(() => user('u4').set({ image: null }).execute())).toEqual(['b']);
      // What it does not show changes nothing, nor does writing a name it already has.
      expect(
        await watch.changedBy(() =>
          user('u1').set({ emailVerified: 1, updatedAt: new Date().toISOString() }).execute(),
        ),
      ).toEqual([]);
      expect(await watch.changedBy(() => user('u3').set({ name: 'u3' }).execute())).toEqual([]);
      // A user in no organization changes none.
      expect(await watch.changedBy(() => user('u5').set({ name: 'Nobody' }).execute())).toEqual([]);

      const member = db.updateTable('member');
      expect(
        await watch.changedBy(() => member.set({ role: 'admin' }).where('userId', '=', 'u2').execute()),
      ).toEqual(['a']);
      expect(
        await watch.changedBy(() => member.set({ organizationId: 'c' }).where('id', '=', 'm-a-u3').execute()),
      ).toEqual(['a', 'c']);
      expect(
        await watch.changedBy(() => db.deleteFrom('member').where('id', '=', 'm-a-u2').execute()),
      ).toEqual(['a']);
      // A deleted user leaves every organization they were in.
      expect(await watch.changedBy(() => db.deleteFrom('user').where('id', '=', 'u1').execute())).toEqual([
        'a',
        'b',
      ]);
      // An organization with no members left keeps its version; a deleted one takes it along.
      expect(await versions(database)).toHaveProperty('a');
      expect(
        await watch.changedBy(() => db.deleteFrom('organization').where('id', '=', 'c').execute()),
      ).toEqual(['c']);
      expect(await versions(database)).not.toHaveProperty('c');
      // Members again: a version the organization never had.
      expect(await watch.changedBy(() => insertMembers(database, 'a', ['u5']))).toEqual(['a']);

      if (dialect === 'postgres') {
        expect(await watch.changedBy(() => sql`truncate "member"`.execute(db))).toEqual(['a', 'b']);
      }
    } finally {
      await database.close();
    }
  });

  it('gives a version to every organization a database adopted with members already has', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      // As before this migration: no table, no triggers, members already there.
      await sql`drop table "memberPageVersion"`.execute(database.db);
      const triggers = [
        ['member', 'insert'],
        ['member', 'delete'],
        ['member', 'update'],
        ['user', 'user_update'],
        ['user', 'user_delete'],
        ['organization', 'organization_delete'],
        ...(dialect === 'postgres'
          ? [
              ['member', 'truncate'],
              ['user', 'user_truncate'],
            ]
          : []),
      ];
      for (const [table, name] of triggers) {
        const on = dialect === 'postgres' ? ` on "${table}"` : '';
        await sql.raw(`drop trigger "member_page_${name}"${on}`).execute(database.db);
      }
      // Unrecorded with the migrations after it, which the migrator then runs again (they may).
      await sql`delete from "gatehouse_migration" where "name" >= '0018-member-page-version'`.execute(
        database.db,
      );
      await insertOrganizations(database, ['a', 'b', 'c']);
      await insertUsers(database, ['u1', 'u2']);
      await insertMembers(database, 'a', ['u1', 'u2']);
      await insertMembers(database, 'b', ['u2']);

      expect((await migrateDatabase(database)).applied).toEqual([
        '0018-member-page-version',
        '0019-session-authenticated-at',
        '0020-api-key',
        '0021-api-key-created-by',
        '0022-webhooks',
        '0023-username',
      ]);
      const backfilled = await versions(database);
      expect(Object.keys(backfilled).sort()).toEqual(['a', 'b']);
      await database.db.updateTable('user').set({ name: 'Renamed' }).where('id', '=', 'u2').execute();
      const after = await versions(database);
      expect(after.a).not.toBe(backfilled.a);
      expect(after.b).not.toBe(backfilled.b);
    } finally {
      await database.close();
    }
  });
});
