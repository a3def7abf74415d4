import { type RawBuilder, sql } from 'kysely';

/**
 * A LIMIT written into the SQL text instead of bound as a parameter. SQLite (3.53, the version
 * better-sqlite3 ships) plans a statement with the value of a bound LIMIT, so binding one expires
 * the statement and every run parses and plans it again: 6.6 µs more per run for a small statement
 * (0.7 against 7.4), and 16% of get-full-organization's CPU under load, whose member, team and
 * invitation lists each have one (`perf` on the server: `sqlite3Reprepare` under `Statement::all`).
 * Written in, a cached statement runs as it was prepared. Only a whole number can be written in;
 * one past what a database could hold means every row, as it would bound.
 */
export function rowLimit(count: number): RawBuilder<number> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`Not a row count: ${count}`);
  return sql.lit(Math.min(count, Number.MAX_SAFE_INTEGER));
}
