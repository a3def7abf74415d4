import { type Kysely, type Migration, type MigrationResultSet, Migrator, sql } from 'kysely';
import { featureModules } from '../features/feature-list.ts';
import type { FeatureMigrations } from '../features/feature-module.ts';
import type { AdditionalFields } from '../user/additional-fields.ts';
import { coreTables } from './migrations/0001-core-tables.ts';
import { rateLimitTable } from './migrations/0002-rate-limit-table.ts';
import { knownDeviceTable } from './migrations/0012-known-devices.ts';
import { createTrigramIndexes, userSearchIndexes } from './migrations/0013-user-search-indexes.ts';
import { listOrderIndexes } from './migrations/0014-list-order-indexes.ts';
import { sessionAuthenticatedAt } from './migrations/0019-session-authenticated-at.ts';
import { existingColumns } from './migrations/existing-columns.ts';
import type { AuthDatabase, Dialect } from './schema.ts';

/**
 * The core's migrations: its own tables, and the indexes that span several features' tables. The
 * features' own are in their folders (`module.ts`, `migrations`).
 */
const coreMigrations: FeatureMigrations = {
  '0001-core-tables': coreTables,
  '0002-rate-limit-table': rateLimitTable,
  '0012-known-devices': knownDeviceTable,
  '0013-user-search-indexes': userSearchIndexes,
  '0014-list-order-indexes': listOrderIndexes,
  '0019-session-authenticated-at': sessionAuthenticatedAt,
};

/**
 * Every versioned migration, the core's and every feature's, applied in name order (one `NNNN`
 * sequence); a name is never reused or edited once released. A feature's migrations run whether or
 * not the feature is on: turning it on later needs no migration step, and a database Better Auth
 * also serves keeps the tables it has.
 */
export function collectMigrations(dialect: Dialect): Record<string, Migration> {
  const migrations: Record<string, Migration> = {};
  for (const [owner, own] of [
    ['core', coreMigrations] as const,
    ...featureModules.map((m) => [m.name, m.migrations] as const),
  ]) {
    for (const [name, migration] of Object.entries(own)) {
      if (name in migrations) throw new Error(`the migration ${name} is declared twice (again by ${owner})`);
      migrations[name] = migration(dialect);
    }
  }
  return Object.fromEntries(Object.entries(migrations).sort(([a], [b]) => (a < b ? -1 : 1)));
}

export interface MigrationReport {
  applied: string[];
  addedColumns: string[];
}

/**
 * Brings the database up to date: runs pending versioned migrations, then adds a column for every
 * declared additional user field that the `user` table lacks. Safe to run on every start.
 */
export async function migrateDatabase(
  database: AuthDatabase,
  additionalFields: AdditionalFields = {},
): Promise<MigrationReport> {
  const db = database.db as unknown as Kysely<unknown>;
  // On PostgreSQL the bookkeeping tables live in the connection's current schema, so several
  // deployments (or test databases) can share one server without seeing each other's tables.
  const schema =
    database.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => collectMigrations(database.dialect) },
    migrationTableName: 'gatehouse_migration',
    migrationLockTableName: 'gatehouse_migration_lock',
  });
  const result = await migrateRacingSchemaDrops(migrator, schema);
  if (result.error) throw result.error;
  const applied = (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  const addedColumns = await addMissingUserColumns(database, additionalFields);
  if (database.dialect === 'postgres') await createTrigramIndexes(db);
  return { applied, addedColumns };
}

/**
 * Kysely's migrator looks for its bookkeeping table by introspecting every schema of the database,
 * and PostgreSQL fails that read with 3F000 when another schema is dropped during it (another
 * deployment's, or another test's, on a shared server). That failure says nothing about ours, so
 * the run is tried again; a missing schema that is our own still fails at once.
 */
async function migrateRacingSchemaDrops(
  migrator: Migrator,
  schema: string | undefined,
): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt++) {
    const result = await migrator.migrateToLatest();
    const error = result.error as { code?: unknown; message?: unknown } | undefined;
    const otherSchemaDropped =
      error?.code === '3F000' && typeof error.message === 'string' && !error.message.includes(`"${schema}"`);
    if (!otherSchemaDropped || attempt === 5) return result;
  }
}

async function addMissingUserColumns(database: AuthDatabase, fields: AdditionalFields): Promise<string[]> {
  const declared = Object.entries(fields);
  if (declared.length === 0) return [];
  const existing = await existingColumns(database.db as unknown as Kysely<unknown>, database.dialect, 'user');
  const added: string[] = [];
  for (const [name, field] of declared) {
    if (existing.has(name)) continue;
    const type = columnType(database.dialect, field.type);
    await (database.db as unknown as Kysely<unknown>).schema
      .alterTable('user')
      .addColumn(name, type as 'text', (c) => {
        // A NOT NULL column can only join a table with rows when it has a default.
        if (field.required && field.defaultValue !== undefined && typeof field.defaultValue !== 'function') {
          return c.notNull().defaultTo(field.defaultValue as never);
        }
        return c;
      })
      .execute();
    added.push(name);
  }
  return added;
}

function columnType(dialect: Dialect, type: AdditionalFields[string]['type']): string {
  const pg = dialect === 'postgres';
  switch (type) {
    case 'number':
      return pg ? 'double precision' : 'real';
    case 'boolean':
      return pg ? 'boolean' : 'integer';
    case 'date':
      return pg ? 'timestamptz' : 'date';
    default:
      return 'text';
  }
}
