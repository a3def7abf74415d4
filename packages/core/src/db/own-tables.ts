import { type Kysely, sql, type TableMetadata } from 'kysely';

/**
 * The tables of the connection's own schema. Kysely's PostgreSQL introspection lists the tables of
 * every schema, so without this filter a `user` table of another deployment on the same server (or
 * of a test database migrating in parallel) would be taken for ours, and a column it already has
 * would never be added here. SQLite has one schema; its tables pass as they are.
 */
export async function ownTables(db: Kysely<unknown>): Promise<TableMetadata[]> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.schema)) return tables;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return tables.filter((t) => t.schema === rows[0]?.schema);
}
