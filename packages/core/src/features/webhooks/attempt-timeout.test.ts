/**
 * `webhooks.timeoutMs` (WEBHOOK_TIMEOUT_MS, docs/protocol/webhooks.md#1-settings) is the sender's
 * deadline: a receiver that never answers fails the attempt with `timeout` after it, and the
 * resolver refuses values outside 1000–60000.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver.ts';
import { createEndpoint, json, makeAdmin, type Person, person, startWebhookServer } from './test-kit.ts';
import { resolveWebhooks } from './webhooks-options.ts';

describe('webhooks.timeoutMs', () => {
  it('defaults to 10000 and refuses anything but a whole number from 1000 to 60000', () => {
    expect(resolveWebhooks({})?.timeoutMs).toBe(10_000);
    expect(resolveWebhooks({ timeoutMs: 1000 })?.timeoutMs).toBe(1000);
    expect(resolveWebhooks({ timeoutMs: 60_000 })?.timeoutMs).toBe(60_000);
    for (const bad of [999, 60_001, 1500.5, Number.NaN])
      expect(() => resolveWebhooks({ timeoutMs: bad })).toThrow(
        `webhooks.timeoutMs must be a whole number from 1000 to 60000, got ${bad}`,
      );
  });
});

describe.each(testDialects())('an attempt past webhooks.timeoutMs (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    server = await startWebhookServer(dialect, {
      webhooks: { allowPrivateUrls: true, retryBaseMs: 100, timeoutMs: 1000 },
    });
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
    receiver = await startWebhookReceiver({ secrets: () => [], respond: () => 'hang' });
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });

  it('fails with error timeout after about a second, not the default ten', async () => {
    const { endpoint } = await createEndpoint(admin, { url: receiver.url });
    const sentAt = Date.now();
    await admin.client.post('/webhooks/send-test', { endpointId: endpoint.id });
    let attempts: { error: string | null }[] = [];
    while (attempts.length === 0 && Date.now() - sentAt < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const page = await json(await admin.client.get(`/webhooks/list-deliveries?endpointId=${endpoint.id}`));
      attempts = page.deliveries[0]?.attempts ?? [];
    }
    expect(attempts[0]?.error).toBe('timeout');
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(900);
    expect(Date.now() - sentAt).toBeLessThan(5000);
  });
});
