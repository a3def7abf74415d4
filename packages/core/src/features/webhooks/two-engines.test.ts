/**
 * Two engines on one PostgreSQL database share the work (docs/protocol/webhooks.md#7-delivery-retries-ordering):
 * each outbox row is fanned out once and each attempt made by one of them, so every message
 * arrives once. SQLite has one writer and one engine per file, so only PostgreSQL is run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auth, createAuth } from '../../create-auth.ts';
import { testDialects } from '../../testing/test-database.ts';
import { TEST_SECRET, type TestServer } from '../../testing/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createEndpoint, makeAdmin, person, startWebhookServer } from './test-kit.ts';

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
      webhooks: { allowPrivateUrls: true, retryBaseMs: 100 },
      logError: () => {},
    });
    receiver = await startWebhookReceiver({ secrets: () => secrets });
  });
  afterAll(async () => {
    second.audit.stopRetention();
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
});
