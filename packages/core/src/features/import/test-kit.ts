import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { migrateDatabase } from '../../db/migrate.ts';
import type { AuthDatabase, Dialect } from '../../db/schema.ts';
import { openTestDatabase } from '../../testing/test-database.ts';

/** The clock every import test runs at: rows' `updatedAt` and the default `createdAt`. */
export const NOW = Date.parse('2026-06-01T00:00:00.000Z');

/** A file of `fixtures/`, as a source's export (written from the source's documentation). */
export const fixture = (name: string): string =>
  readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

/** A freshly migrated database for each test of the enclosing suite, handed to `use`, closed after it. */
export function freshDatabaseEach(dialect: Dialect, use: (database: AuthDatabase) => void): void {
  let database: AuthDatabase | undefined;
  beforeEach(async () => {
    database = await openTestDatabase(dialect);
    await migrateDatabase(database);
    use(database);
  });
  afterEach(async () => {
    await database?.close();
  });
}
