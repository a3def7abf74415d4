import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase } from '../db/connect.ts';
import type { AuthDatabase, Dialect } from '../db/schema.ts';

/** SQLite always; PostgreSQL too whenever TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A fresh, empty database of the given dialect: in-memory SQLite, or a schema of its own in the
 * PostgreSQL test database, dropped again by `close()`.
 */
export async function openTestDatabase(dialect: Dialect): Promise<AuthDatabase> {
  if (dialect === 'sqlite') return connectDatabase(':memory:');
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const separator = url.includes('?') ? '&' : '?';
  const database = connectDatabase(
    `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
  );
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
