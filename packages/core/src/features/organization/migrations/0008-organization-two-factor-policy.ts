import type { Kysely } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * `organization.requireTwoFactor`, Gatehouse's per-organization policy (Better Auth has none).
 * Existing organizations, an adopted Better Auth database's included, start without the policy.
 */
export function organizationTwoFactorPolicy(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if ((await existingColumns(db, dialect, 'organization')).has('requireTwoFactor')) return;
      const type = dialect === 'postgres' ? 'boolean' : 'integer';
      await db.schema
        .alterTable('organization')
        .addColumn('requireTwoFactor', type, (c) => c.notNull().defaultTo(dialect === 'postgres' ? false : 0))
        .execute();
    },
  };
}
