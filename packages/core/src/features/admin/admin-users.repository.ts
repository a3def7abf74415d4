import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { containsIgnoringCase, escapeLike } from '../../db/like-pattern.ts';
import { rowLimit } from '../../db/row-limit.ts';
import type { Dialect, Schema } from '../../db/schema.ts';
import { columnSample, rareWords } from './common-words.ts';

export const SORTABLE_FIELDS = [
  'name',
  'email',
  'createdAt',
  'updatedAt',
  'role',
  'banned',
  'emailVerified',
] as const;
export const FILTERABLE_FIELDS = ['email', 'name', 'role', 'banned', 'emailVerified', 'id'] as const;
const BOOLEAN_FIELDS = new Set(['banned', 'emailVerified']);

/** What the admin's user list asks for (list-users' query, with the page already decided). */
export interface UserSearch {
  searchValue?: string;
  searchField: 'email' | 'name';
  searchOperator: 'contains' | 'starts_with' | 'ends_with';
  filterField: (typeof FILTERABLE_FIELDS)[number];
  filterValue?: string;
  filterOperator: 'eq' | 'ne' | 'contains';
  sortBy?: (typeof SORTABLE_FIELDS)[number];
  sortDirection: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of user rows matching a search, and how many rows match it in all. */
export async function findUsersPage(
  db: Kysely<Schema>,
  dialect: Dialect,
  search: UserSearch,
): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const words = await indexWords(db, dialect, search);
  const page = await pageQuery(db, dialect, search, words);
  // Built when asked: a trigram search counts beside its page and needs it only past the end.
  const countAll = () =>
    db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .where(searchCondition(dialect, search, words))
      .executeTakeFirstOrThrow();

  if (trigramSearch(search)) {
    // The trigram index lookup (SQLite's FTS5 table, PostgreSQL's pg_trgm) is most of the work,
    // and the page and its total would each make it: one statement counts the matches beside the
    // page. Only for a search the index narrows; counting beside an unnarrowed list would hold
    // every row of the table at once.
    const counted = await page.select(sql<string | number>`count(*) over ()`.as(TOTAL)).execute();
    const [first] = counted;
    // A page past the end holds no row to carry the total.
    const total = first ? Number(first[TOTAL]) : search.offset === 0 ? 0 : Number((await countAll()).total);
    return { rows: counted.map(({ [TOTAL]: _, ...row }) => row), total };
  }
  const [rows, count] = await Promise.all([page.execute(), countAll()]);
  return { rows, total: Number(count.total) };
}

/**
 * The words of a trigram search to ask the index for (`common-words.ts`): its rare words when it
 * mixes rare and common ones, else null, the whole pattern.
 */
async function indexWords(db: Kysely<Schema>, dialect: Dialect, search: UserSearch) {
  const { searchValue, searchField } = search;
  if (searchValue === undefined || !trigramSearch(search)) return null;
  return rareWords(searchValue, await columnSample(db, dialect, searchField));
}

/**
 * Where the page is read from: the user table, or on PostgreSQL, when the index is asked for rare
 * words only, the rows holding them. OFFSET 0 keeps that subquery apart: merged into the outer
 * query, its condition and the whole pattern's would go to the index together, common trigrams
 * and all. (On SQLite the words go into the FTS5 condition itself, `trigramCandidates`.)
 */
function narrowedUsers(db: Kysely<Schema>, dialect: Dialect, search: UserSearch, words: string[] | null) {
  if (dialect !== 'postgres' || words === null) return db.selectFrom('user');
  const rows = db
    .selectFrom('user')
    .selectAll()
    .where(
      sql.join<SqlBool>(
        words.map((word) => containsIgnoringCase(search.searchField, word)),
        sql` and `,
      ),
    )
    .offset(sql.lit(0));
  return db.selectFrom(rows.as('user'));
}

/** The rows of one page of the search, in order, without their total. */
export async function pageQuery(
  db: Kysely<Schema>,
  dialect: Dialect,
  search: UserSearch,
  words?: string[] | null,
) {
  const asked = words === undefined ? await indexWords(db, dialect, search) : words;
  const select = narrowedUsers(db, dialect, search, asked)
    .selectAll()
    .where(searchCondition(dialect, search, asked));
  const ordered = search.sortBy
    ? select.orderBy(sql.ref(search.sortBy), search.sortDirection).orderBy('id')
    : select.orderBy('createdAt', 'asc').orderBy('id');
  return ordered.limit(rowLimit(search.limit)).offset(search.offset);
}

/** The page's own column for the number of matches, never a column of `user`. */
const TOTAL = 'gatehouse_match_count';

/** Whether the search is long enough for the trigram indexes (migration 0013) to narrow it. */
function trigramSearch(search: UserSearch): boolean {
  return (search.searchValue?.length ?? 0) >= TRIGRAM;
}

/** `words`: what the trigram index is asked for instead of the whole pattern (`indexWords`). */
function searchCondition(dialect: Dialect, search: UserSearch, words: string[] | null): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (search.searchValue) {
    const pattern = {
      contains: `%${escapeLike(search.searchValue)}%`,
      starts_with: `${escapeLike(search.searchValue)}%`,
      ends_with: `%${escapeLike(search.searchValue)}`,
    }[search.searchOperator];
    // Case-insensitive on every database, matching what a person typing into a search box expects.
    // Both sides go through the database's own lower(): SQLite's folds ASCII only, so a pattern
    // lowered here could never match a stored capital like the É of Élodie.
    conditions.push(sql<SqlBool>`lower(${sql.ref(search.searchField)}) like lower(${pattern}) escape '\\'`);
    if (dialect === 'sqlite' && trigramSearch(search)) {
      conditions.push(
        words === null
          ? trigramCandidates(search.searchField, search.searchOperator, search.searchValue)
          : wordCandidates(search.searchField, words),
      );
    }
  }
  if (search.filterValue !== undefined) {
    const field = sql.ref(search.filterField);
    const value = BOOLEAN_FIELDS.has(search.filterField)
      ? search.filterValue === 'true'
        ? 1
        : 0
      : search.filterValue;
    if (BOOLEAN_FIELDS.has(search.filterField)) {
      const truthy = sql<SqlBool>`coalesce(${field}, ${sql.lit(0)}) = ${sql.lit(1)}`;
      const pgTruthy = sql<SqlBool>`coalesce(${field}, false) = true`;
      const isTrue = dialect === 'postgres' ? pgTruthy : truthy;
      const wantTrue = (value === 1) !== (search.filterOperator === 'ne');
      conditions.push(wantTrue ? isTrue : sql<SqlBool>`not (${isTrue})`);
    } else if (search.filterOperator === 'contains') {
      conditions.push(sql<SqlBool>`${field} like ${`%${escapeLike(String(value))}%`} escape '\\'`);
    } else {
      conditions.push(
        sql<SqlBool>`${field} ${sql.raw(search.filterOperator === 'ne' ? '<>' : '=')} ${value}`,
      );
    }
  }
  return conditions.length > 0 ? sql.join<SqlBool>(conditions, sql` and `) : sql<SqlBool>`1 = 1`;
}

/** Trigram indexes need three characters; shorter searches read the table. */
const TRIGRAM = 3;

/**
 * SQLite: the rows the FTS5 trigram table (migration 0013) says may match. It is a superset: its
 * LIKE folds case beyond ASCII and takes no ESCAPE, so the person's own `%` and `_` widen it to
 * "any character". The exact condition above still decides, so results are the same as without it.
 */
function trigramCandidates(field: 'email' | 'name', operator: UserSearch['searchOperator'], value: string) {
  const loose = value.replace(/[%_\\]/g, '_');
  const pattern = { contains: `%${loose}%`, starts_with: `${loose}%`, ends_with: `%${loose}` }[operator];
  return sql<SqlBool>`"user"."id" in (select "id" from "user_search" where ${sql.ref(field)} like ${pattern})`;
}

/**
 * SQLite: the rows holding every one of the search's rare words, as the FTS5 trigram table finds
 * them; a superset of the rows holding the whole search. Words are letters and digits only
 * (`common-words.ts`), so none needs escaping.
 */
function wordCandidates(field: 'email' | 'name', words: string[]) {
  const holds = sql.join<SqlBool>(
    words.map((word) => sql<SqlBool>`${sql.ref(field)} like ${`%${word}%`}`),
    sql` and `,
  );
  return sql<SqlBool>`"user"."id" in (select "id" from "user_search" where ${holds})`;
}
