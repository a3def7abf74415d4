import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * The admin feature's columns, as Better Auth's admin plugin names them: a user's role and ban,
 * and the admin behind an impersonation session. Columns already present (an adopted Better Auth
 * database) are left as they are.
 */
export function adminColumns(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  const wanted: [table: string, column: string, type: string][] = [
    ['user', 'role', 'text'],
    ['user', 'banned', boolean],
    ['user', 'banReason', 'text'],
    ['user', 'banExpires', date],
    ['session', 'impersonatedBy', 'text'],
  ];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [table, column, type] of wanted) {
        const existing = (await existingColumns(db, dialect, table)).has(column);
        if (!existing)
          await db.schema
            .alterTable(table)
            .addColumn(column, type as 'text')
            .execute();
      }
    },
  };
}
