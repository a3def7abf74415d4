import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * The `apikey` table as Better Auth's api-key plugin creates it, columns in its order
 * (docs/protocol/api-key.md#data-model-table-apikey), created whether or not the feature is on. A table
 * adopted from a Better Auth database keeps its rows and gains Gatehouse's two last-use columns,
 * which Better Auth ignores. No foreign key: `referenceId` is a user's or an organization's id, and
 * the keys go with their owner by the deleting feature's own statement (features/api-key/README.md).
 */
export function apiKeyTable(dialect: Dialect) {
  const date = (dialect === 'postgres' ? 'timestamptz' : 'date') as 'text';
  const boolean = (dialect === 'postgres' ? 'boolean' : 'integer') as 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('apikey')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('configId', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('start', 'text')
        .addColumn('referenceId', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('refillInterval', 'integer')
        .addColumn('refillAmount', 'integer')
        .addColumn('lastRefillAt', date)
        .addColumn('enabled', boolean)
        .addColumn('rateLimitEnabled', boolean)
        .addColumn('rateLimitTimeWindow', 'integer')
        .addColumn('rateLimitMax', 'integer')
        .addColumn('requestCount', 'integer')
        .addColumn('remaining', 'integer')
        .addColumn('lastRequest', date)
        .addColumn('expiresAt', date)
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('permissions', 'text')
        .addColumn('metadata', 'text')
        .execute();
      const columns = await existingColumns(db, dialect, 'apikey');
      for (const column of ['lastRequestIp', 'lastRequestUserAgent']) {
        if (!columns.has(column)) await db.schema.alterTable('apikey').addColumn(column, 'text').execute();
      }
      for (const column of ['configId', 'referenceId', 'key'] as const) {
        await db.schema
          .createIndex(`apikey_${column}_idx`)
          .ifNotExists()
          .on('apikey')
          .column(column)
          .execute();
      }
    },
  };
}
