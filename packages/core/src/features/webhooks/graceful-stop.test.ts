/**
 * Stopping the worker (README W14; the server's shutdown, docs/operations.md#outages): the stop
 * settles only once the attempt in flight has been answered and recorded, so the host closes its
 * database after it and the message is not sent again after its lease; no attempt starts after
 * it, and an event recorded after it waits in the outbox for the next start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { startWebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createEndpoint, makeAdmin, type Person, person, startWebhookServer } from './test-kit.ts';

/** Long enough that the stop starts while the answer is still to come, on a loaded machine too. */
const ANSWER_AFTER_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())('stopping the webhooks worker (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
  });
  afterAll(() => server.close());

  it('waits for the attempt in flight and records it; an event after the stop stays in the outbox', async () => {
    const secrets: string[] = [];
    const receiver = await startWebhookReceiver({
      secrets: () => secrets,
      respond: () => ({ status: 200, afterMs: ANSWER_AFTER_MS }),
    });
    const created = await createEndpoint(admin, { url: receiver.url, events: ['user.signed_up'] });
    secrets.push(created.secret);
    const endpointId = created.endpoint.id;
    const db = server.database.db;
    try {
      await person(server, 'slow');
      await receiver.waitFor(1, 5000);
      // Recorded when the stop settles: it waited for the answer (without the wait the delivery
      // is still pending and leased here).
      await server.auth.audit.stopRetention();

      const deliveries = await db
        .selectFrom('webhookDelivery')
        .select(['id', 'status', 'leaseUntil', 'responseStatus'])
        .where('endpointId', '=', endpointId)
        .execute();
      expect(deliveries.map((row) => [row.status, row.leaseUntil, Number(row.responseStatus)])).toEqual([
        ['succeeded', null, 200],
      ]);
      const attempts = await db
        .selectFrom('webhookAttempt')
        .select('responseStatus')
        .where('deliveryId', '=', deliveries[0]?.id ?? '')
        .execute();
      expect(attempts.map((row) => Number(row.responseStatus))).toEqual([200]);

      // Stopped: a new event is kept for the next start, not fanned out or sent.
      const outboxBefore = (await db.selectFrom('webhookOutbox').select('eventId').execute()).length;
      await person(server, 'after-stop');
      await sleep(1500);
      expect(receiver.deliveries).toHaveLength(1);
      const waiting = (await db.selectFrom('webhookOutbox').select('eventId').execute()).length;
      expect(waiting).toBeGreaterThan(outboxBefore);
      const made = await db
        .selectFrom('webhookDelivery')
        .select('id')
        .where('endpointId', '=', endpointId)
        .execute();
      expect(made).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});
