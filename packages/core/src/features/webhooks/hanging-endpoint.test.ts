/**
 * An endpoint that never answers (docs/protocol/webhooks.md#7-delivery-retries-ordering): each
 * attempt ends after the sender's 10 s as `error: "timeout"` and is retried with the same
 * webhook-id; at most four hang at once; and another endpoint's messages, old and new, arrive
 * meanwhile within the 5 s of a first attempt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { startWebhookReceiver } from '../../testing/webhook-receiver.ts';
import { endpointEvent } from './endpoint-event.ts';
import { createEndpoint, makeAdmin, type Person, person, startWebhookServer } from './test-kit.ts';

const HUNG = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())('a hanging endpoint (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
  });
  afterAll(() => server.close());

  it('times out with error "timeout" and is retried; four at most hang; the other endpoint is not held up', async () => {
    const secrets: string[] = [];
    // The first four POSTs hang; everything after them is answered 200.
    const slow = await startWebhookReceiver({
      secrets: () => secrets,
      respond: (n) => (n <= HUNG ? 'hang' : { status: 200 }),
    });
    const fast = await startWebhookReceiver({ secrets: () => secrets });
    const slowEndpoint = await createEndpoint(admin, { url: slow.url, events: ['user.signed_up'] });
    const fastEndpoint = await createEndpoint(admin, { url: fast.url, events: ['user.signed_up'] });
    secrets.push(slowEndpoint.secret, fastEndpoint.secret);
    try {
      for (let n = 0; n < 6; n++) await person(server, `hang${n}`);
      await fast.waitFor(6, 4000);
      await sleep(500);
      expect(slow.deliveries).toHaveLength(HUNG);

      // A new event while four attempts hang still reaches the other endpoint within 5 s.
      await person(server, 'late');
      await fast.waitFor(7, 5000);
      expect(slow.deliveries).toHaveLength(HUNG);

      // Ten seconds on, each hung attempt is recorded as a timeout and waits for its retry; the
      // three behind them may go out as soon as a slot frees.
      const timedOut = async () =>
        server.database.db
          .selectFrom('webhookAttempt')
          .innerJoin('webhookDelivery', 'webhookDelivery.id', 'webhookAttempt.deliveryId')
          .select(['webhookDelivery.webhookId', 'webhookAttempt.responseStatus', 'webhookDelivery.status'])
          .where('webhookDelivery.endpointId', '=', slowEndpoint.endpoint.id)
          .where('webhookAttempt.error', '=', 'timeout')
          .execute();
      for (let wait = 0; wait < 150 && (await timedOut()).length < HUNG; wait++) await sleep(100);
      const hungIds = slow.deliveries.slice(0, HUNG).map((delivery) => delivery.headers['webhook-id']);
      const timeouts = await timedOut();
      expect(timeouts.map((row) => row.webhookId).sort()).toEqual([...hungIds].sort());
      expect(timeouts.every((row) => row.responseStatus === null && row.status === 'pending')).toBe(true);

      // The retries are due after the base delay on the engine's clock; the three waiting behind
      // the hung ones go out as well.
      server.clock.advance(1);
      await slow.waitFor(HUNG + 7, 5000);
      const perId = new Map<string, number>();
      for (const delivery of slow.deliveries) {
        const id = delivery.headers['webhook-id'] ?? '';
        perId.set(id, (perId.get(id) ?? 0) + 1);
      }
      expect([...perId.entries()].filter(([, count]) => count === 2).map(([id]) => id)).toEqual(
        expect.arrayContaining(hungIds),
      );
      expect([...perId.values()].sort()).toEqual([1, 1, 1, 2, 2, 2, 2]);
      expect(slow.deliveries.every((delivery) => delivery.verified)).toBe(true);
    } finally {
      await slow.close();
      await fast.close();
    }
  }, 40_000);

  it("a backlog behind a hanging endpoint does not hold up another endpoint's new message", async () => {
    const secrets: string[] = [];
    const slow = await startWebhookReceiver({ secrets: () => secrets, respond: () => 'hang' });
    const fast = await startWebhookReceiver({ secrets: () => secrets });
    try {
      const slowEndpoint = await createEndpoint(admin, {
        url: slow.url,
        events: ['webhook.endpoint_updated'],
      });
      secrets.push(slowEndpoint.secret);
      // More due messages for the hanging endpoint than one claim reads.
      for (let n = 0; n < 100; n++)
        await server.context.audit.record(
          undefined,
          endpointEvent('webhook.endpoint_updated', { id: `backlog${n}`, organizationId: null }),
        );
      await slow.waitFor(HUNG, 5000);
      // All of it fanned out before the other endpoint exists, so that one gets only the new event.
      const waiting = async () =>
        (await server.database.db.selectFrom('webhookOutbox').select('eventId').execute()).length;
      for (let wait = 0; wait < 100 && (await waiting()) > 0; wait++) await sleep(50);
      expect(await waiting()).toBe(0);
      // Later on the engine's clock than the whole backlog.
      server.clock.advance(1);
      const fastEndpoint = await createEndpoint(admin, {
        url: fast.url,
        events: ['webhook.endpoint_updated'],
      });
      secrets.push(fastEndpoint.secret);
      await server.context.audit.record(
        undefined,
        endpointEvent('webhook.endpoint_updated', { id: 'after', organizationId: null }),
      );
      const [arrived] = await fast.waitFor(1, 5000);
      const body = arrived?.body as { data: { target: { id: string } } } | undefined;
      expect(body?.data.target.id).toBe('after');
      expect(slow.deliveries).toHaveLength(HUNG);
    } finally {
      await slow.close();
      await fast.close();
    }
  }, 40_000);
});
