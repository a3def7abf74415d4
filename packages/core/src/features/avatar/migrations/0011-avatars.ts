import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/schema.ts';

/**
 * Uploaded profile pictures (features/avatar/README.md), one per user, kept in the database so a
 * deployment needs no writable directory. Gatehouse's own table: Better Auth stores only a URL.
 */
export function avatarTable(dialect: Dialect) {
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('avatar')
        .ifNotExists()
        .addColumn('userId', 'text', (c) =>
          c.primaryKey().notNull().references('user.id').onDelete('cascade'),
        )
        .addColumn('contentType', 'text', (c) => c.notNull())
        .addColumn('data', bytes as 'blob', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('updatedAt', date as 'text', (c) => c.notNull())
        .execute();
    },
  };
}
