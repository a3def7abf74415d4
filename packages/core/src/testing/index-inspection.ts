import { type RawBuilder, sql } from 'kysely';
import type { AuthDatabase } from '../db/schema.ts';

/** The names of the current schema's indexes matching a LIKE pattern, in name order. */
export async function indexNames(database: AuthDatabase, like: string): Promise<string[]> {
  const listed =
    database.dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index'
          and name like ${like} order by 1`.execute(database.db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and indexname like ${like} order by 1`.execute(database.db);
  return listed.rows.map((row) => row.name);
}

/** SQLite's plan for a query, its steps joined by ` | `. */
export async function sqlitePlan(database: AuthDatabase, query: RawBuilder<unknown>): Promise<string> {
  const plan = await sql<{ detail: string }>`explain query plan ${query}`.execute(database.db);
  return plan.rows.map((row) => row.detail).join(' | ');
}
