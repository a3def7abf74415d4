import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * Better Auth's `jwks` table (docs/protocol/jwt.md#keys-and-rotation), created whether or not the JWT feature
 * is on so that turning it on later needs no migration. An adopted table from an older Better Auth
 * release may lack the later optional columns; those are added, nothing else is touched.
 */
export function jwksTable(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const optional: [column: string, type: string][] = [
    ['expiresAt', date],
    ['alg', 'text'],
    ['crv', 'text'],
  ];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('jwks')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('publicKey', 'text', (c) => c.notNull())
        .addColumn('privateKey', 'text', (c) => c.notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('expiresAt', date)
        .addColumn('alg', 'text')
        .addColumn('crv', 'text')
        .execute();
      const columns = await existingColumns(db, dialect, 'jwks');
      for (const [column, type] of optional) {
        if (!columns.has(column))
          await db.schema
            .alterTable('jwks')
            .addColumn(column, type as 'text')
            .execute();
      }
    },
  };
}
