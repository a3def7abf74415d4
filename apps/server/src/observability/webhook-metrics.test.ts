import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, ensureAdmin, migrateDatabase } from '@gatehouse/core';
import { startWebhookReceiver, type WebhookReceiver } from '@gatehouse/core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { productServers } from '../testing/product-servers.ts';
import { sample } from '../testing/prom-sample.ts';
import { createTestSchema, type TestSchema } from '../testing/test-schema.ts';
import { createMetrics } from './metrics.ts';

const PASSWORD = 'correct horse battery staple';
const ADMIN = 'root@webhook-metrics.test';

const databaseURL = process.env.TEST_DATABASE_URL;
const dialects = databaseURL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

/**
 * gatehouse_webhook_deliveries_total counts the engine's `webhookAttempted` events and
 * gatehouse_webhook_outbox_age_seconds reads the oldest waiting work at scrape time
 * (docs/operations.md#metrics), on the running product.
 */
describe.each(dialects)('webhook metrics on GET /metrics (%s)', (dialect) => {
  const start = productServers(`webhook-metrics-${dialect}`);
  let dir: string;
  let schema: TestSchema | undefined;
  let url: string;
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-webhook-metrics-'));
    if (dialect === 'postgres') schema = await createTestSchema(databaseURL ?? '');
    url = schema?.url ?? join(dir, 'gatehouse.sqlite');
    const database = connectDatabase(url);
    await migrateDatabase(database);
    await ensureAdmin(database, { email: ADMIN, password: PASSWORD });
    await database.close();
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });
  afterAll(async () => {
    await schema?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const scrape = async (base: string) => (await fetch(`${base}/metrics`)).text();
  const post = (base: string, path: string, body: unknown, cookie = '') =>
    fetch(`${base}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify(body),
    });

  it('counts attempts by outcome and reports how long the oldest due delivery has waited', async () => {
    const server = await start({
      DATABASE_URL: url,
      WEBHOOKS: 'on',
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'on',
      WEBHOOK_RETRY_BASE_MS: '100',
    });
    const empty = await scrape(server.url);
    expect(sample(empty, 'gatehouse_webhook_outbox_age_seconds', { queue: 'outbox' })).toBe(0);
    expect(sample(empty, 'gatehouse_webhook_outbox_age_seconds', { queue: 'deliveries' })).toBe(0);

    const signedIn = await post(server.url, '/sign-in/email', { email: ADMIN, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const secrets: string[] = [];
    receiver = await startWebhookReceiver({
      secrets: () => secrets,
      respond: (n) => (n === 1 ? { status: 500 } : { status: 204 }),
    });
    const created = await post(
      server.url,
      '/webhooks/create-endpoint',
      { url: receiver.url, events: ['user.passkey_registered'] },
      cookie,
    );
    expect(created.status, await created.clone().text()).toBe(200);
    const { endpoint, secret } = (await created.json()) as { endpoint: { id: string }; secret: string };
    secrets.push(secret);
    expect((await post(server.url, '/webhooks/send-test', { endpointId: endpoint.id }, cookie)).status).toBe(
      200,
    );
    await receiver.waitFor(2);
    let text = '';
    for (let wait = 0; wait < 100; wait++) {
      text = await scrape(server.url);
      if (sample(text, 'gatehouse_webhook_deliveries_total', { outcome: 'succeeded' }) === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(sample(text, 'gatehouse_webhook_deliveries_total', { outcome: 'retried' })).toBe(1);
    expect(sample(text, 'gatehouse_webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);
    expect(sample(text, 'gatehouse_webhook_deliveries_total', { outcome: 'failed' })).toBeUndefined();

    // A due delivery another instance holds (its lease runs an hour) waits where the worker
    // leaves it: the gauge shows its age.
    const database = connectDatabase(url);
    try {
      const now = Date.now();
      await database.db
        .insertInto('webhookDelivery')
        .values({
          id: 'held-delivery',
          endpointId: endpoint.id,
          eventId: null,
          eventType: 'webhook.test',
          webhookId: 'msg_held',
          body: '{}',
          attempt: 0,
          status: 'pending',
          responseStatus: null,
          durationMs: null,
          nextAttemptAt: new Date(now - 90_000).toISOString(),
          leaseUntil: new Date(now + 3_600_000).toISOString(),
          createdAt: new Date(now - 90_000).toISOString(),
          redeliveryOf: null,
        })
        .execute();
    } finally {
      await database.close();
    }
    const aged = await scrape(server.url);
    const age = sample(aged, 'gatehouse_webhook_outbox_age_seconds', { queue: 'deliveries' });
    expect(age).toBeGreaterThanOrEqual(90);
    expect(age).toBeLessThan(120);
  });
});

describe('webhook metrics of createMetrics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-webhook-metrics-unit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts each outcome under its label, and has no age gauge where webhooks are off', async () => {
    const database = connectDatabase(join(dir, 'unit.sqlite'));
    try {
      await migrateDatabase(database);
      const metrics = createMetrics(() => ({ database }), { redis: false });
      metrics.events.webhookAttempted?.('failed');
      metrics.events.webhookAttempted?.('failed');
      metrics.events.webhookAttempted?.('retried');
      const text = await metrics.registry.metrics();
      expect(sample(text, 'gatehouse_webhook_deliveries_total', { outcome: 'failed' })).toBe(2);
      expect(sample(text, 'gatehouse_webhook_deliveries_total', { outcome: 'retried' })).toBe(1);
      expect(text).not.toContain('gatehouse_webhook_outbox_age_seconds');

      // An event older than a minute still in the outbox (the worker is not running here).
      await database.db
        .insertInto('webhookOutbox')
        .values({ eventId: 'waiting-event', createdAt: new Date(Date.now() - 75_000).toISOString() })
        .execute();
      const on = createMetrics(() => ({ database }), { redis: false, webhooks: true });
      const age = sample(await on.registry.metrics(), 'gatehouse_webhook_outbox_age_seconds', {
        queue: 'outbox',
      });
      expect(age).toBeGreaterThanOrEqual(75);
      expect(age).toBeLessThan(100);
    } finally {
      await database.close();
    }
  });
});
