/**
 * Two engines on one PostgreSQL database share the work (docs/protocol/webhooks.md#7-delivery-retries-ordering):
 * each outbox row is fanned out once and each attempt made by one of them, so every message
 * arrives once. SQLite has one writer and one engine per file, so only PostgreSQL is run. The
 * second test races the two engines' ticks by hand on one batch of events, which fails when the
 * claims of fan-out or send lose their row locks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../context.ts';
import { type Auth, createAuth } from '../../create-auth.ts';
import { contextOf } from '../../engine-context.ts';
import { testDialects } from '../../testing/test-database.ts';
import { TEST_SECRET, type TestServer } from '../../testing/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { endpointEvent } from './endpoint-event.ts';
import { createEndpoint, makeAdmin, person, startWebhookServer } from './test-kit.ts';
import { resolveWebhooks } from './webhooks-options.ts';
import { workerTick } from './worker-tick.ts';

describe.each(testDialects().filter((dialect) => dialect === 'postgres'))('two engines (%s)', (dialect) => {
  let server: TestServer;
  let second: Auth;
  let receiver: WebhookReceiver;
  const secrets: string[] = [];
  beforeAll(async () => {
    server = await startWebhookServer(dialect);
    second = createAuth({
      secret: TEST_SECRET,
      baseURL: server.url,
      database: server.database,
      // One clock for both, so a delivery one engine makes is due on the other at the same moment.
      now: server.clock.now,
      webhooks: { allowPrivateUrls: true, retryBaseMs: 100 },
      logError: () => {},
    });
    receiver = await startWebhookReceiver({ secrets: () => secrets });
  });
  afterAll(async () => {
    await second.audit.stopRetention();
    await receiver.close();
    await server.close();
  });

  it('deliver each message once', async () => {
    const admin = await person(server, 'admin');
    await makeAdmin(server, admin);
    const created = await createEndpoint(admin, { url: receiver.url, events: ['user.signed_up'] });
    secrets.push(created.secret);
    const count = 12;
    for (let n = 0; n < count; n++) await person(server, `many${n}`);
    const arrived = await receiver.waitFor(count, 8000);
    // A little longer, so a duplicate would have time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ids = receiver.deliveries.map((delivery) => delivery.headers['webhook-id']);
    expect(arrived.every((delivery) => delivery.verified)).toBe(true);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    const rows = await server.database.db
      .selectFrom('webhookDelivery')
      .select('status')
      .where('endpointId', '=', created.endpoint.id)
      .execute();
    expect(rows).toHaveLength(count);
    expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
  });

  it('racing ticks of both engines on 150 events: each event fanned out once per endpoint, each message sent once', async () => {
    const admin = await person(server, 'racer');
    await makeAdmin(server, admin);
    const racerSecrets: string[] = [];
    const racers = await Promise.all(
      [0, 1, 2].map(() => startWebhookReceiver({ secrets: () => racerSecrets })),
    );
    const endpointIds: string[] = [];
    for (const racer of racers) {
      const created = await createEndpoint(admin, { url: racer.url, events: ['webhook.endpoint_updated'] });
      racerSecrets.push(created.secret);
      endpointIds.push(created.endpoint.id);
    }
    // Only the hand-driven ticks below work from here on: the engines' own workers are stopped.
    await server.auth.audit.stopRetention();
    await second.audit.stopRetention();
    const events = 150;
    await Promise.all(
      Array.from({ length: events }, (_, n) =>
        server.context.audit.record(
          undefined,
          endpointEvent('webhook.endpoint_updated', { id: `race${n}`, organizationId: null }),
        ),
      ),
    );
    const engines: AuthContext[] = [server.context, contextOf(second)];
    const config = resolveWebhooks({ allowPrivateUrls: true, retryBaseMs: 100 });
    if (!config) throw new Error('webhooks are on in this test');
    const tick = workerTick(config);
    const expected = events * racers.length;
    const sent = () => racers.reduce((total, racer) => total + racer.deliveries.length, 0);
    const settled = async () =>
      (
        await server.database.db
          .selectFrom('webhookDelivery')
          .select('id')
          .where('endpointId', 'in', endpointIds)
          .where('status', '=', 'succeeded')
          .execute()
      ).length;
    // A tick starts its attempts without waiting for them, so rounds go on until all have settled.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && ((await settled()) < expected || sent() < expected)) {
      await Promise.all(engines.flatMap((engine) => [tick(engine), tick(engine)]));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // A duplicate in flight has a moment to land.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const deliveries = await server.database.db
      .selectFrom('webhookDelivery')
      .select(['endpointId', 'eventId', 'status'])
      .where('endpointId', 'in', endpointIds)
      .execute();
    expect(deliveries).toHaveLength(expected);
    expect(new Set(deliveries.map((row) => `${row.endpointId} ${row.eventId}`)).size).toBe(expected);
    expect(deliveries.every((row) => row.status === 'succeeded')).toBe(true);
    for (const racer of racers) {
      const ids = racer.deliveries.map((delivery) => delivery.headers['webhook-id']);
      const perId = new Map<string | undefined, number>();
      for (const id of ids) perId.set(id, (perId.get(id) ?? 0) + 1);
      expect(
        [...perId.values()].filter((count) => count > 1),
        'webhook-ids sent more than once',
      ).toEqual([]);
      expect(ids).toHaveLength(events);
      expect(racer.deliveries.every((delivery) => delivery.verified)).toBe(true);
      await racer.close();
    }
  }, 60_000);
});
