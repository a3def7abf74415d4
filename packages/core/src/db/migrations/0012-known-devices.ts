import type { Kysely } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * The browsers and addresses each account has signed in from (notices/README.md), so a sign-in
 * from a new one can be told to its owner. A row holds a keyed hash, never the address or the
 * user agent themselves. Created with `ifNotExists` like every Gatehouse table, so a database
 * adopted from Better Auth (which has no such table) gains it on the first start.
 */
export function knownDeviceTable(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('knownDevice')
        .ifNotExists()
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('firstSeenAt', date as 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('knownDevice_pkey', ['userId', 'fingerprint'])
        .execute();
    },
  };
}
