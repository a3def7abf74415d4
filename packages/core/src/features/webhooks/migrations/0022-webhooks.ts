import type { Kysely } from 'kysely';
import type { Dialect } from '../../../db/schema.ts';

/**
 * The webhooks feature's four tables (features/webhooks/README.md), created whether or not the
 * feature is on, so turning it on later needs no migration. No foreign keys: an organization's
 * deletion and an endpoint's deletion remove their rows by the deleting code's own statements, as
 * the API-key table's rows go. The indexes serve the worker's due-deliveries claim, the delivery
 * log newest first, and an organization's endpoint list.
 */
export function webhookTables(dialect: Dialect) {
  const date = (dialect === 'postgres' ? 'timestamptz' : 'date') as 'text';
  const boolean = (dialect === 'postgres' ? 'boolean' : 'integer') as 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhookEndpoint')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', 'text', (c) => c.notNull())
        .addColumn('organizationId', 'text')
        .addColumn('description', 'text')
        .addColumn('enabled', boolean, (c) => c.notNull())
        .addColumn('enabledAt', date, (c) => c.notNull())
        .addColumn('failing', boolean, (c) => c.notNull())
        .addColumn('consecutiveFailures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previousSecret', 'text')
        .addColumn('previousSecretUntil', date)
        .addColumn('createdBy', 'text')
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('webhookOutbox')
        .ifNotExists()
        .addColumn('eventId', 'text', (c) => c.primaryKey().notNull())
        .addColumn('createdAt', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('webhookDelivery')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('endpointId', 'text', (c) => c.notNull())
        .addColumn('eventId', 'text')
        .addColumn('eventType', 'text', (c) => c.notNull())
        .addColumn('webhookId', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('responseStatus', 'integer')
        .addColumn('durationMs', 'integer')
        .addColumn('nextAttemptAt', date)
        .addColumn('leaseUntil', date)
        .addColumn('createdAt', date, (c) => c.notNull())
        .addColumn('redeliveryOf', 'text')
        .execute();
      await db.schema
        .createTable('webhookAttempt')
        .ifNotExists()
        .addColumn('deliveryId', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('startedAt', date, (c) => c.notNull())
        .addColumn('responseStatus', 'integer')
        .addColumn('durationMs', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('webhookAttempt_pk', ['deliveryId', 'attempt'])
        .execute();
      const indexes: [string, string, string[]][] = [
        ['webhookDelivery_due_idx', 'webhookDelivery', ['status', 'nextAttemptAt']],
        ['webhookDelivery_endpoint_idx', 'webhookDelivery', ['endpointId', 'createdAt', 'id']],
        ['webhookEndpoint_organization_idx', 'webhookEndpoint', ['organizationId', 'createdAt']],
      ];
      for (const [name, table, columns] of indexes)
        await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
    },
  };
}
