import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * The columns a table has in the database being migrated, in the order the table defines them (tests
 * compare that order; PostgreSQL guarantees none without `ordinal_position`), or an empty set when it does not exist.
 * On PostgreSQL only the connection's current schema counts: Kysely's introspection lists tables
 * of every schema, so with several deployments (or test databases) on one server it could see
 * another schema's table and skip a column this one lacks.
 */
export async function existingColumns(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: string,
): Promise<Set<string>> {
  const query =
    dialect === 'postgres'
      ? sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table} order by ordinal_position`
      : sql<{ name: string }>`select name from pragma_table_info(${table})`;
  const { rows } = await query.execute(db);
  return new Set(rows.map((row) => row.name));
}
