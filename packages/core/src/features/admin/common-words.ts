import { type Kysely, sql } from 'kysely';
import type { Dialect, Schema } from '../../db/schema.ts';

/**
 * PostgreSQL's trigram index (pg_trgm, migration 0013) reads the whole posting list of every
 * trigram of a search, and checks each row that the rarest trigram names against all the others:
 * a word most addresses share (a company's domain, `user` in `seed-user-4242`) costs a page of
 * every such list per candidate. Searching `seed-user-4242` over 100,000 addresses that all start
 * `seed-user-` read 253 index pages in 5.7 ms; searching `4242` alone read 5, and the exact pattern
 * then checked 38 rows (bench/README.md, "admin list-users search"). So the index is asked only for
 * the search's rare words, judged against a small sample of the column, and the whole pattern
 * still decides every row. SQLite's FTS5 trigram table (migration 0013) reads every trigram's list
 * the same way: over 100,000 such addresses its candidates for `seed-user-4242` took 0.59 ms, for
 * `4242` 0.16 ms, and the whole search 1.09 ms against 0.6 ms, so it is asked the same way.
 */

/** pg_trgm splits text into words of letters and digits; shorter than three, a word is all padding. */
const WORD = /[\p{L}\p{N}]{3,}/gu;

/** A word in more than this share of the sampled rows does not narrow a search worth the reading. */
const COMMON_SHARE = 0.05;

/**
 * The words of a search to ask the index for, or null to ask it for the whole pattern: when every
 * word is rare (the index reads little), or every word is common (the matches are many anyway).
 * `sample` holds the column's values, lowered by the database.
 */
export function rareWords(searchValue: string, sample: readonly string[]): string[] | null {
  const words = [...new Set(searchValue.toLowerCase().match(WORD) ?? [])];
  if (words.length < 2 || sample.length === 0) return null;
  const rare = words.filter((word) => isRare(word, sample));
  return rare.length === 0 || rare.length === words.length ? null : rare;
}

/**
 * Each word's verdict, kept as long as its sample: an admin screen asks the same search again and
 * again, and scanning the sample for every word took a sixth of the seeded bench's search
 * (`npm run bench:profile -- "admin list-users search"`). Bounded, so odd searches cannot grow it.
 */
const verdicts = new WeakMap<readonly string[], Map<string, boolean>>();
const MAX_VERDICTS = 10_000;

function isRare(word: string, sample: readonly string[]): boolean {
  let known = verdicts.get(sample);
  if (known === undefined) {
    known = new Map();
    verdicts.set(sample, known);
  }
  const kept = known.get(word);
  if (kept !== undefined) return kept;
  let found = 0;
  for (const value of sample) if (value.includes(word)) found += 1;
  const rare = found / sample.length <= COMMON_SHARE;
  if (known.size < MAX_VERDICTS) known.set(word, rare);
  return rare;
}

/** Below this many rows the whole pattern's index read is cheap: no sample is taken. */
export const MIN_SAMPLED_ROWS = 20_000;
/** About this many rows are sampled: enough to tell a word in 5 % of rows from one in 0.1 %. */
const SAMPLE_ROWS = 2_000;
/** How long a sample stands for the table: words' shares change slowly. */
const SAMPLE_MAX_AGE_MS = 10 * 60 * 1000;

type Field = 'email' | 'name';
interface Sample {
  values: Promise<readonly string[]>;
  takenAt: number;
}

/** One sample per database and column, shared by the requests of every auth instance over it. */
const samples = new WeakMap<Kysely<Schema>, Map<Field, Sample>>();

/**
 * A sample of the column's values, lowered as the search lowers them, about SAMPLE_ROWS of them;
 * empty while the table holds fewer than MIN_SAMPLED_ROWS (by the planner's count). Taken at most
 * once per SAMPLE_MAX_AGE_MS, however many searches ask at once.
 */
export function columnSample(db: Kysely<Schema>, dialect: Dialect, field: Field): Promise<readonly string[]> {
  let byField = samples.get(db);
  if (byField === undefined) {
    byField = new Map();
    samples.set(db, byField);
  }
  const now = performance.now();
  const held = byField.get(field);
  if (held !== undefined && now - held.takenAt < SAMPLE_MAX_AGE_MS) return held.values;
  const values = dialect === 'postgres' ? takePostgresSample(db, field) : takeSqliteSample(db, field);
  const sample = { values, takenAt: now };
  byField.set(field, sample);
  // A failed read is not kept: the next search asks again.
  values.catch(() => {
    if (byField.get(field) === sample) byField.delete(field);
  });
  return values;
}

async function takePostgresSample(db: Kysely<Schema>, field: Field): Promise<readonly string[]> {
  const { rows } = await sql<{ rows: number | null }>`
    select reltuples as rows from pg_class where oid = to_regclass('"user"')`.execute(db);
  const count = Number(rows[0]?.rows ?? -1);
  if (count < MIN_SAMPLED_ROWS) return [];
  // TABLESAMPLE SYSTEM reads whole pages at random: a few dozen pages, not the table.
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / count);
  const sampled = await sql<{ value: string | null }>`
    select lower(${sql.ref(field)}) as value from "user" tablesample system (${sql.lit(percent)})`.execute(
    db,
  );
  return sampled.rows.flatMap(({ value }) => (value === null ? [] : [value]));
}

/**
 * SQLite keeps no row estimate without ANALYZE, but its rowids count up from 1, so the largest
 * stands for the table's size (deleted rows only make it larger), and rows at random rowids are a
 * sample read through the primary key: about SAMPLE_ROWS lookups, never the table.
 */
async function takeSqliteSample(db: Kysely<Schema>, field: Field): Promise<readonly string[]> {
  const { rows } = await sql<{ last: number | null }>`select max(rowid) as last from "user"`.execute(db);
  const last = Number(rows[0]?.last ?? 0);
  if (last < MIN_SAMPLED_ROWS) return [];
  const rowids = Array.from({ length: SAMPLE_ROWS }, () => 1 + Math.floor(Math.random() * last));
  const sampled = await sql<{ value: string | null }>`
    select lower(${sql.ref(field)}) as value from "user"
    where rowid in (select value from json_each(${JSON.stringify(rowids)}))`.execute(db);
  return sampled.rows.flatMap(({ value }) => (value === null ? [] : [value]));
}
