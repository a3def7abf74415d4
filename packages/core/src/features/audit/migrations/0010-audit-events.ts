import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/schema.ts';

/**
 * The security activity table (features/audit/README.md): one append-only row per event, in the
 * envelope of the audit event model. Created whether or not anything reads it, so events recorded
 * from the first start are kept. The indexes serve the routes' filters, each walked newest first
 * by the time-ordered id.
 */
export function auditEventTable(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('auditEvent')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('occurredAt', date as 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('actorType', 'text', (c) => c.notNull())
        .addColumn('actorId', 'text')
        .addColumn('actorEmail', 'text')
        .addColumn('impersonatorId', 'text')
        .addColumn('targetType', 'text')
        .addColumn('targetId', 'text')
        .addColumn('organizationId', 'text')
        .addColumn('sessionId', 'text')
        .addColumn('ip', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('requestId', 'text')
        .addColumn('errorCode', 'text')
        .addColumn('metadata', 'text')
        .execute();
      const indexes: [string, string[]][] = [
        ['auditEvent_actorId_idx', ['actorId', 'id']],
        ['auditEvent_targetId_idx', ['targetId', 'id']],
        ['auditEvent_organizationId_idx', ['organizationId', 'id']],
        ['auditEvent_type_idx', ['type', 'id']],
        ['auditEvent_occurredAt_idx', ['occurredAt']],
      ];
      for (const [name, columns] of indexes) {
        await db.schema.createIndex(name).ifNotExists().on('auditEvent').columns(columns).execute();
      }
    },
  };
}
