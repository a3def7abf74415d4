import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, ensureAdmin, migrateDatabase } from '@gatehouse/core';
import { startWebhookReceiver, type WebhookReceiver } from '@gatehouse/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, mailTo, type Product, startProduct } from './testing/mail-product.ts';

/**
 * The failing notice of a webhook endpoint (packages/core/src/features/webhooks/README.md, W9)
 * through the real SMTP path: the product with WEBHOOKS=on and SMTP_URL at a test SMTP server.
 */
const PASSWORD = 'correct horse battery staple';
const ADMIN = 'root@webhook-mail.test';
const APP = 'http://127.0.0.1:1';

describe('the webhook-failing notice by SMTP', () => {
  let product: Product;
  let receiver: WebhookReceiver;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-webhook-mail-'));
    const file = join(dir, 'gatehouse.sqlite');
    const database = connectDatabase(file);
    await migrateDatabase(database);
    await ensureAdmin(database, { email: ADMIN, password: PASSWORD, name: 'Root' });
    await database.close();
    receiver = await startWebhookReceiver({ secrets: () => [], respond: () => ({ status: 503 }) });
    product = await startProduct({
      APP_URL: APP,
      DATABASE_URL: file,
      WEBHOOKS: 'on',
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'on',
      WEBHOOK_RETRY_BASE_MS: '100',
    });
  });
  afterAll(async () => {
    await product.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reaches the creator of a server-wide endpoint after 3 failed attempts, once, without the secret', async () => {
    const admin = browser(product, 'webhook-mail-test');
    expect((await admin.call('/sign-in/email', { email: ADMIN, password: PASSWORD })).status).toBe(200);
    const created = await admin.call('/webhooks/create-endpoint', {
      url: receiver.url,
      events: ['user.passkey_registered'],
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { endpoint, secret } = (await created.json()) as { endpoint: { id: string }; secret: string };
    expect((await admin.call('/webhooks/send-test', { endpointId: endpoint.id })).status).toBe(200);

    const host = new URL(receiver.url).host;
    const notice = await mailTo(product, ADMIN, `Webhook deliveries to ${host} are failing`);
    expect(receiver.deliveries.length).toBeGreaterThanOrEqual(3);
    expect(notice.text).toContain('Hello Root,');
    expect(notice.text).toContain('Last attempt: HTTP status 503');
    // APP_URL hosts the web app, so the link is its screen.
    expect(notice.links).toEqual([`${APP}/admin/webhooks`]);
    expect(notice.text).not.toContain(secret);
    expect(notice.html).not.toContain(secret);
    // Attempts go on failing; the endpoint stays failing, so no second notice comes.
    await receiver.waitFor(4, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(product.smtp.messages.filter((m) => m.subject.includes('are failing'))).toHaveLength(1);
  });
});
