import { sql } from 'kysely';
import type { AuthDatabase } from './schema.ts';

/**
 * SQLite's `ANALYZE` (and `PRAGMA optimize`, which SQLite advises running now and then) keeps two
 * kinds of statistics: row counts per index (`sqlite_stat1`) and samples of indexed values
 * (`sqlite_stat4`, kept because better-sqlite3 builds SQLite with STAT4). With samples present, a
 * statement whose parameter meets a sampled index is prepared anew every time a value is bound, so
 * that its plan can follow the value. Gatehouse's reads are keyed lookups whose plan never depends
 * on the value, so the samples cost every read and buy none: on the `--seed` bench database after
 * `ANALYZE`, get-session's session-and-user read took 35–58 µs instead of 9–14 µs, and the server
 * answered about a quarter fewer requests.
 *
 * The samples are removed, the row counts kept (plans use them), and this connection's statistics
 * reloaded. Answers whether there were samples to remove. A no-op on PostgreSQL, whose statistics
 * never re-plan a prepared statement per value.
 */
export async function dropValueSamples(database: AuthDatabase): Promise<boolean> {
  if (database.dialect !== 'sqlite') return false;
  const { rows: tables } = await sql<{
    n: number;
  }>`select count(*) as n from "sqlite_schema" where "type" = 'table' and "name" = 'sqlite_stat4'`.execute(
    database.db,
  );
  if (Number(tables[0]?.n) === 0) return false;
  const { rows } = await sql<{ n: number }>`select exists (select 1 from "sqlite_stat4") as n`.execute(
    database.db,
  );
  if (Number(rows[0]?.n) === 0) return false;
  await sql`delete from "sqlite_stat4"`.execute(database.db);
  // `ANALYZE sqlite_schema` analyses nothing: it reloads the statistics tables into this connection.
  await sql`analyze "sqlite_schema"`.execute(database.db);
  return true;
}
