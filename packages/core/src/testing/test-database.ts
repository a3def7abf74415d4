import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type PostgresSettings } from '../db/connect.ts';
import type { AuthDatabase, Dialect } from '../db/schema.ts';

/** SQLite always; PostgreSQL too whenever TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** How a fault test reaches its PostgreSQL schema: through a proxy, with short timeouts. */
export interface TestDatabaseOptions {
  /** Rewrites the URL the engine connects with (the schema is set up and dropped directly). */
  through?: (url: string) => string;
  postgres?: Partial<PostgresSettings>;
}

/**
 * A fresh, empty database of the given dialect: in-memory SQLite, or a schema of its own in the
 * PostgreSQL test database, dropped again by `close()`.
 */
export async function openTestDatabase(
  dialect: Dialect,
  options: TestDatabaseOptions = {},
): Promise<AuthDatabase> {
  if (dialect === 'sqlite') return connectDatabase(':memory:');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const separator = url.includes('?') ? '&' : '?';
  const engineURL = `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const database = connectDatabase(options.through?.(engineURL) ?? engineURL, options.postgres);
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema "${schema}" cascade`);
      await cleanup.end();
    },
  };
}
