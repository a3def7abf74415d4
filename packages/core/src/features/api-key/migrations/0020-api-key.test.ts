import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';
import { indexNames } from '../../../testing/index-inspection.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';

const REFERENCE_COLUMNS = [
  'id',
  'configId',
  'name',
  'start',
  'referenceId',
  'prefix',
  'key',
  'refillInterval',
  'refillAmount',
  'lastRefillAt',
  'enabled',
  'rateLimitEnabled',
  'rateLimitTimeWindow',
  'rateLimitMax',
  'requestCount',
  'remaining',
  'lastRequest',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'permissions',
  'metadata',
];

/** The `apikey` table as Better Auth's migrator creates it (docs/protocol/api-key.md#data-model-table-apikey), with one row. */
async function betterAuthTable(db: Kysely<unknown>, dialect: Dialect) {
  const date = (dialect === 'postgres' ? 'timestamptz' : 'date') as 'text';
  const boolean = (dialect === 'postgres' ? 'boolean' : 'integer') as 'integer';
  let table = db.schema.createTable('apikey');
  for (const column of REFERENCE_COLUMNS) {
    const type = ['lastRefillAt', 'lastRequest', 'expiresAt', 'createdAt', 'updatedAt'].includes(column)
      ? date
      : ['enabled', 'rateLimitEnabled'].includes(column)
        ? boolean
        : [
              'refillInterval',
              'refillAmount',
              'rateLimitTimeWindow',
              'rateLimitMax',
              'requestCount',
              'remaining',
            ].includes(column)
          ? 'integer'
          : 'text';
    table = table.addColumn(column, type, (c) => (column === 'id' ? c.primaryKey() : c));
  }
  await table.execute();
  await sql`insert into apikey (id, "configId", "referenceId", key, "createdAt", "updatedAt", metadata)
    values ('kept', 'default', 'someone', 'hash', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'null')`.execute(
    db,
  );
}

describe.each(testDialects())('migration 0020-api-key (%s)', (dialect) => {
  it("creates Better Auth's table, its three indexes and Gatehouse's two last-use columns", async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      const columns = [...(await existingColumns(database.db as Kysely<unknown>, dialect, 'apikey'))];
      // 0021 adds `createdBy` after them.
      expect(columns).toEqual([...REFERENCE_COLUMNS, 'lastRequestIp', 'lastRequestUserAgent', 'createdBy']);
      expect(await indexNames(database, 'apikey%')).toEqual(
        expect.arrayContaining(['apikey_configId_idx', 'apikey_key_idx', 'apikey_referenceId_idx']),
      );
    } finally {
      await database.close();
    }
  });

  it("adopts Better Auth's table with its rows, and adds only the two columns", async () => {
    const database = await openTestDatabase(dialect);
    try {
      await betterAuthTable(database.db as Kysely<unknown>, dialect);
      await migrateDatabase(database);
      const columns = await existingColumns(database.db as Kysely<unknown>, dialect, 'apikey');
      expect(columns.has('lastRequestIp') && columns.has('lastRequestUserAgent')).toBe(true);
      const rows = await database.db
        .selectFrom('apikey')
        .select(['id', 'metadata', 'lastRequestIp'])
        .execute();
      expect(rows).toEqual([{ id: 'kept', metadata: 'null', lastRequestIp: null }]);
    } finally {
      await database.close();
    }
  });
});
