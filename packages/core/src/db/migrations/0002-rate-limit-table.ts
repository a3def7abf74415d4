import type { Kysely } from 'kysely';

/**
 * Better Auth's `rateLimit` table (docs/protocol/core.md#tables), used by `rateLimit.storage = "database"`.
 * `key` is unique because the limiter counts with one upsert on it; `if not exists` adopts the
 * table of an existing Better Auth database.
 */
export function rateLimitTable() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('rateLimit')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('lastRequest', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
