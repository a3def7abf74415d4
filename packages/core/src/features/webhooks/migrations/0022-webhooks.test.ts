import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import { indexNames } from '../../../testing/index-inspection.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';

const COLUMNS = {
  webhookEndpoint: [
    'id',
    'url',
    'events',
    'organizationId',
    'description',
    'enabled',
    'enabledAt',
    'failing',
    'consecutiveFailures',
    'secret',
    'previousSecret',
    'previousSecretUntil',
    'createdBy',
    'createdAt',
    'updatedAt',
  ],
  webhookOutbox: ['eventId', 'createdAt'],
  webhookDelivery: [
    'id',
    'endpointId',
    'eventId',
    'eventType',
    'webhookId',
    'body',
    'attempt',
    'status',
    'responseStatus',
    'durationMs',
    'nextAttemptAt',
    'leaseUntil',
    'createdAt',
    'redeliveryOf',
  ],
  webhookAttempt: ['deliveryId', 'attempt', 'startedAt', 'responseStatus', 'durationMs', 'error'],
};

describe.each(testDialects())('migration 0022-webhooks (%s)', (dialect) => {
  it('creates the four tables with their columns and the three indexes', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      for (const [table, columns] of Object.entries(COLUMNS))
        expect([...(await existingColumns(database.db as Kysely<unknown>, dialect, table))], table).toEqual(
          columns,
        );
      expect(await indexNames(database, 'webhook%')).toEqual(
        expect.arrayContaining([
          'webhookDelivery_due_idx',
          'webhookDelivery_endpoint_idx',
          'webhookEndpoint_organization_idx',
        ]),
      );
    } finally {
      await database.close();
    }
  });

  it('runs twice without harm', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      expect((await migrateDatabase(database)).applied).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
