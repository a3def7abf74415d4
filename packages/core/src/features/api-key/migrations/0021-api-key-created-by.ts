import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * Gatehouse's `createdBy` on `apikey`: the id of the member who made an organization key, whose
 * session the key then stands for (docs/protocol/api-key.md#decisions-for-gatehouse, K10). Nullable and
 * without a foreign key, as `referenceId`: rows made before it (or by Better Auth) stay NULL and keep
 * answering as unknown keys; Better Auth ignores the column.
 */
export function apiKeyCreatedBy(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const columns = await existingColumns(db, dialect, 'apikey');
      if (!columns.has('createdBy'))
        await db.schema.alterTable('apikey').addColumn('createdBy', 'text').execute();
    },
  };
}
