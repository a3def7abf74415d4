import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * The two-factor feature's table and user column, as Better Auth's two-factor plugin names them
 * (docs/protocol/two-factor.md#tables), created whether or not the feature is on so that turning it
 * on later needs no migration. A `twoFactor` table adopted from a Better Auth database keeps its
 * rows; the lockout columns that older releases lack are added.
 */
export function twoFactorTables(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  const optional: [table: string, column: string, type: string, defaultValue: unknown][] = [
    ['user', 'twoFactorEnabled', boolean, dialect === 'postgres' ? false : 0],
    ['twoFactor', 'verified', boolean, dialect === 'postgres' ? true : 1],
    ['twoFactor', 'failedVerificationCount', 'integer', 0],
    ['twoFactor', 'lockedUntil', date, undefined],
  ];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('twoFactor')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('backupCodes', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      for (const [table, column, type, defaultValue] of optional) {
        if ((await existingColumns(db, dialect, table)).has(column)) continue;
        await db.schema
          .alterTable(table)
          .addColumn(column, type as 'text', (c) =>
            defaultValue === undefined ? c : c.defaultTo(defaultValue as never),
          )
          .execute();
      }
      await db.schema
        .createIndex('twoFactor_userId_idx')
        .ifNotExists()
        .on('twoFactor')
        .column('userId')
        .execute();
      await db.schema
        .createIndex('twoFactor_secret_idx')
        .ifNotExists()
        .on('twoFactor')
        .column('secret')
        .execute();
    },
  };
}
