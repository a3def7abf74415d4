import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import type { AuthDatabase, Dialect } from '../../db/schema.ts';
import { mergeSearchIndex } from '../../db/search-index-upkeep.ts';
import { openTestDatabase, testDialects } from '../../testing/test-database.ts';
import { findUsersPage, pageQuery, type UserSearch } from './admin-users.repository.ts';
import { columnSample, MIN_SAMPLED_ROWS, rareWords } from './common-words.ts';

describe('rareWords', () => {
  // One address in a hundred holds 42, every one holds seed and user.
  const sample = Array.from({ length: 1000 }, (_, i) => `seed-user-${i * 7}@example.com`);

  it("keeps the search's rare words and drops those most rows share", () => {
    expect(rareWords('seed-user-4242', sample)).toEqual(['4242']);
    expect(rareWords('SEED-User-4242@Example', sample)).toEqual(['4242']);
  });

  it('asks for the whole pattern when no word, or every word, narrows it', () => {
    expect(rareWords('seed-user', sample)).toBeNull();
    expect(rareWords('alice-4242', sample)).toBeNull();
    expect(rareWords('4242', sample)).toBeNull();
    // Words shorter than a trigram narrow nothing and are not counted.
    expect(rareWords('seed-42', sample)).toBeNull();
    expect(rareWords('seed-user-4242', [])).toBeNull();
  });

  it('counts a word repeated in the search once', () => {
    expect(rareWords('user-4242-user-4242', sample)).toEqual(['4242']);
  });

  it("judges words again against a new sample, not by the old sample's verdicts", () => {
    expect(rareWords('seed-user-4242', sample)).toEqual(['4242']);
    // The table changed: now every address holds 4242, and few hold user.
    const later = Array.from(
      { length: 1000 },
      (_, i) => `${i % 50 === 0 ? 'seed-user' : 'seed'}-4242-${i}@example.com`,
    );
    expect(rareWords('seed-user-4242', later)).toEqual(['user']);
    expect(rareWords('seed-user-4242', sample)).toEqual(['4242']);
  });
});

/** An email search as list-users hands it over, first page of 20 unless told. */
const search = (searchValue: string, more: Partial<UserSearch> = {}): UserSearch => ({
  searchValue,
  searchField: 'email',
  searchOperator: 'contains',
  filterField: 'email',
  filterOperator: 'eq',
  sortDirection: 'asc',
  limit: 20,
  offset: 0,
  ...more,
});

const url = process.env.TEST_DATABASE_URL;
const USERS = 30_000;

/** Addresses alike but for their number, as a company's are alike but for the person's name. */
async function fillUsers(database: AuthDatabase) {
  if (database.dialect === 'postgres') {
    await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
      select 'u' || n, 'Person ' || n, 'seed-user-' || n || '@example.com', false,
        timestamp '2026-01-01' + n * interval '1 second', now()
      from generate_series(1, ${sql.lit(USERS)}) n`.execute(database.db);
    // What autovacuum does soon after a bulk insert: the trigram index's pending entries move
    // into its lists, where the search reads them.
    await sql`vacuum analyze "user"`.execute(database.db);
    return;
  }
  await sql`with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(USERS)})
    insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
    select 'u' || n, 'Person ' || n, 'seed-user-' || n || '@example.com', 0,
      strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' seconds'), '2026-01-01T00:00:00.000Z'
    from s`.execute(database.db);
  // What Gatehouse's upkeep does within a minute of a bulk insert (db/search-index-upkeep.ts).
  await mergeSearchIndex(database);
}

/**
 * Whether the page asks the trigram index for the search's rare words only: on PostgreSQL a
 * subquery kept apart by OFFSET 0, on SQLite an FTS5 condition on a word instead of the pattern.
 */
function asksRareWords(dialect: Dialect, query: { compile(): CompiledQuery }, value: string): boolean {
  const compiled = query.compile();
  if (dialect === 'postgres') return compiled.sql.includes('offset 0');
  // The exact condition's pattern is there either way; the FTS5 condition's, only when not narrowed.
  return compiled.parameters.filter((parameter) => parameter === `%${value}%`).length === 1;
}

describe.each(testDialects())('admin search over many users (%s)', (dialect) => {
  let database: AuthDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    await fillUsers(database);
  });
  afterAll(() => database.close());

  /** Every user whose address holds the text, case aside, oldest first, computed here. */
  const expected = (keep: (n: number) => boolean) =>
    Array.from({ length: USERS }, (_, i) => i + 1)
      .filter(keep)
      .map((n) => `u${n}`);

  it.each([
    ['contains', 'seed-user-4242', (n: number) => String(n).startsWith('4242')],
    ['contains', 'SEED-USER-4242', (n: number) => String(n).startsWith('4242')],
    ['contains', 'user-1234@example', (n: number) => n === 1234],
    ['contains', '42@example', (n: number) => String(n).endsWith('42')],
    ['starts_with', 'seed-user-2999', (n: number) => String(n).startsWith('2999')],
    ['ends_with', '7777@example.com', (n: number) => String(n).endsWith('7777')],
    ['contains', 'seed-user-42_2', () => false],
    ['contains', 'user-4%2@', () => false],
  ] as const)('%s %s finds exactly the matching users and their total', async (operator, value, keep) => {
    const want = expected(keep);
    const { rows, total } = await findUsersPage(
      database.db,
      dialect,
      search(value, { searchOperator: operator, limit: 1000 }),
    );
    expect(rows.map((row) => row.id)).toEqual(want);
    expect(total).toBe(want.length);
  });

  it.each([
    ['the rare word', 'seed-user-123', (n: number) => String(n).startsWith('123')],
    ['the whole pattern', 'seed-user-42', (n: number) => String(n).startsWith('42')],
  ] as const)('pages through matches read by %s with the total of all of them', async (_, value, keep) => {
    const want = expected(keep);
    const asked = search(value, { limit: 50, offset: 50 });
    expect(asksRareWords(dialect, await pageQuery(database.db, dialect, asked), value)).toBe(
      value === 'seed-user-123',
    );
    const page = await findUsersPage(database.db, dialect, asked);
    expect(page.total).toBe(want.length);
    expect(page.rows.map((row) => row.id)).toEqual(want.slice(50, 100));
    // Past the end: no row carries the total, which is counted on its own.
    const past = await findUsersPage(database.db, dialect, { ...asked, offset: want.length });
    expect(past).toEqual({ rows: [], total: want.length });
  });

  it('samples the column once the table is large', async () => {
    expect(USERS).toBeGreaterThan(MIN_SAMPLED_ROWS);
    const sample = await columnSample(database.db, dialect, 'email');
    expect(sample.length).toBeGreaterThan(500);
    expect(sample.every((value) => value.startsWith('seed-user-'))).toBe(true);
  });
});

describe.skipIf(!url)('admin search over many users on PostgreSQL', () => {
  let database: AuthDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await migrateDatabase(database);
    await fillUsers(database);
  });
  afterAll(() => database.close());

  it('reads far fewer index pages for a mixed search', async () => {
    const blocksRead = async (query: CompiledQuery) => {
      const explained = await database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: Record<string, number> }] }>(
        CompiledQuery.raw(`explain (analyze, buffers, format json) ${query.sql}`, [...query.parameters]),
      );
      const [row] = explained.rows;
      return row?.['QUERY PLAN'][0].Plan['Shared Hit Blocks'] ?? Number.NaN;
    };
    const narrowed = (await pageQuery(database.db, 'postgres', search('seed-user-4242'))).compile();
    const whole = database.db
      .selectFrom('user')
      .selectAll()
      .where(sql<boolean>`lower("email") like lower(${'%seed-user-4242%'})`)
      .orderBy('createdAt')
      .limit(20)
      .compile();
    expect(narrowed.sql).toContain('offset 0');
    // The whole pattern reads every page of its common trigrams' lists; the rare word, a few.
    expect(await blocksRead(narrowed)).toBeLessThan((await blocksRead(whole)) / 3);
  });
});

describe.each(testDialects())('admin search over a small table (%s)', (dialect) => {
  it('takes no sample and asks the index for the whole pattern', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      await sql`analyze "user"`.execute(database.db);
      expect(await columnSample(database.db, dialect, 'email')).toEqual([]);
      const query = await pageQuery(database.db, dialect, search('seed-user-4242'));
      expect(asksRareWords(dialect, query, 'seed-user-4242')).toBe(false);
    } finally {
      await database.close();
    }
  });
});
