/**
 * list-members' page read (member-page.repository.ts): the same rows and totals whether a page
 * runs as a prepared statement (no filter, no search) or is built for its request, and on
 * PostgreSQL the prepared one really is a named statement of the connection.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import type { AuthDatabase } from '../../../db/schema.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';
import { listMembersPage, type MemberPageQuery } from './member-page.repository.ts';

const ORG = 'org-page';
const MEMBERS = 45;
const roles = ['member', 'admin', 'owner'];

interface Member {
  id: string;
  userId: string;
  role: string;
  createdAt: string;
}

// Members join in pairs sharing a millisecond, ids not in joining order, so the id must break ties.
const members: Member[] = Array.from({ length: MEMBERS }, (_, n) => ({
  id: `member-${String((n * 17) % MEMBERS).padStart(2, '0')}`,
  userId: `user-${String(n).padStart(2, '0')}`,
  role: roles[n % 3] as string,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(n / 2))).toISOString(),
}));

/** What a page must hold: the members in the asked order, the id breaking ties, then the window. */
function expected(
  shape: Pick<MemberPageQuery, 'sortBy' | 'sortDirection' | 'limit' | 'offset'>,
  role?: string,
) {
  const field = shape.sortBy as keyof Member;
  const sign = shape.sortDirection === 'asc' ? 1 : -1;
  const matching = members.filter((m) => role === undefined || m.role === role);
  const sorted = [...matching].sort(
    (a, b) => sign * a[field].localeCompare(b[field]) || a.id.localeCompare(b.id),
  );
  return {
    ids: sorted.slice(shape.offset, shape.offset + shape.limit).map((m) => m.id),
    total: matching.length,
  };
}

describe.each(testDialects())('list-members page read (%s)', (dialect) => {
  let database: AuthDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    const at = members[0]?.createdAt as string;
    await database.db
      .insertInto('organization')
      .values({ id: ORG, name: 'Paged', slug: 'paged', createdAt: at } as never)
      .execute();
    await database.db
      .insertInto('user')
      .values(
        members.map((m) => ({
          id: m.userId,
          name: `Name ${m.userId}`,
          email: `${m.userId}@example.com`,
          emailVerified: 0,
          createdAt: at,
          updatedAt: at,
        })) as never,
      )
      .execute();
    await database.db
      .insertInto('member')
      .values(members.map((m) => ({ ...m, organizationId: ORG })) as never)
      .execute();
  });
  afterAll(() => database.close());

  const read = (shape: Partial<MemberPageQuery>) =>
    listMembersPage(database.db, ORG, {
      filter: undefined,
      search: undefined,
      sortBy: 'createdAt',
      sortDirection: 'asc',
      limit: 100,
      offset: 0,
      ...shape,
    });

  it('answers each sort, direction, limit and offset as the members say, prepared or built', async () => {
    for (const sortBy of ['createdAt', 'role', 'userId'] as const) {
      for (const sortDirection of ['asc', 'desc'] as const) {
        for (const limit of [1, 20, 100]) {
          for (const offset of [0, 20, 44, 45, 60]) {
            const shape = { sortBy, sortDirection, limit, offset };
            const page = await read(shape);
            const want = expected(shape);
            expect({ ids: page.rows.map((row) => row.id), total: page.total }, JSON.stringify(shape)).toEqual(
              want,
            );
            // The same shape with a filter that keeps everyone is built for the request.
            const built = await read({ ...shape, filter: { field: 'role', operator: 'in', value: roles } });
            expect({ ids: built.rows.map((row) => row.id), total: built.total }).toEqual(want);
          }
        }
      }
    }
  });

  it('runs a page without a filter as a named statement of its connection (PostgreSQL)', async () => {
    if (dialect !== 'postgres') {
      // SQLite keeps every statement prepared by its text (db/connect.ts); the page answers the same.
      expect((await read({ sortBy: 'userId', sortDirection: 'desc', limit: 20, offset: 1 })).total).toBe(
        MEMBERS,
      );
      return;
    }
    // A transaction holds one connection, so its own prepared statements can be listed.
    const statements = await database.db.transaction().execute(async (trx) => {
      await listMembersPage(trx, ORG, {
        filter: undefined,
        search: undefined,
        sortBy: 'userId',
        sortDirection: 'desc',
        limit: 20,
        offset: 1,
      });
      await listMembersPage(trx, ORG, {
        filter: { field: 'role', operator: 'eq', value: 'owner' },
        search: undefined,
        sortBy: 'role',
        sortDirection: 'desc',
        limit: 9,
        offset: 0,
      });
      const listed = await sql<{ statement: string }>`select statement from pg_prepared_statements
          where statement like '%page_total%'`.execute(trx);
      return listed.rows.map((row) => row.statement);
    });
    // One of the shapes the first test prepared (the first MAX_PREPARED_SHAPES asked for are).
    const asked = statements.filter((text) =>
      text.includes('order by "member"."userId" desc, "member"."id" limit 20 offset $4'),
    );
    expect(asked).toHaveLength(1);
    // A filtered page is built for its request, with the filter's value bound: never named.
    expect(statements.filter((text) => text.includes('"member"."role" ='))).toEqual([]);
  });

  it('filters on a built page, and answers shapes past the prepared ones built', async () => {
    const admins = await read({ filter: { field: 'role', operator: 'eq', value: 'admin' }, limit: 5 });
    expect({ ids: admins.rows.map((row) => row.id), total: admins.total }).toEqual(
      expected({ sortBy: 'createdAt', sortDirection: 'asc', limit: 5, offset: 0 }, 'admin'),
    );
    // More limits than MAX_PREPARED_SHAPES: the later ones are built, with the same answers.
    for (let limit = 2; limit <= 41; limit += 1) {
      const page = await read({ limit, offset: 3 });
      expect(page.rows.map((row) => row.id)).toEqual(
        expected({ sortBy: 'createdAt', sortDirection: 'asc', limit, offset: 3 }).ids,
      );
    }
  });
});
