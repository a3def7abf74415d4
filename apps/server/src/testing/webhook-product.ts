import { type AuthDatabase, connectDatabase } from '@gatehouse/core';
import { type ReceiverAnswer, startWebhookReceiver, type WebhookReceiver } from '@gatehouse/core/testing';
import { expect } from 'vitest';
import { browserFetch } from './browser-fetch.ts';
import { freePort } from './free-port.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const PASSWORD = 'correct horse battery';

/** One delivery as the webhooks tests across a process's end read it. */
export interface DeliveryState {
  webhookId: string;
  status: string;
  attempt: number | string;
}

/**
 * The product as a process with webhooks on (private receivers allowed, 100 ms retry base), an
 * admin signed in, and one endpoint subscribed to `user.signed_up` at a loopback receiver that
 * verifies every delivery and answers with `respond`. For the tests of what a process's end
 * does to deliveries in flight; `restart` starts the product again on the same database.
 */
export async function startWebhookProduct(options: {
  databaseURL: string;
  dataDir: string;
  respond: (delivery: { webhookId: string }) => ReceiverAnswer;
}) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env = {
    DATABASE_URL: options.databaseURL,
    BASE_URL: origin,
    RATE_LIMIT: 'off',
    WEBHOOKS: 'on',
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'on',
    WEBHOOK_RETRY_BASE_MS: '100',
  };
  const secrets: string[] = [];
  const receiver: WebhookReceiver = await startWebhookReceiver({
    secrets: () => secrets,
    respond: (_n, delivery) => options.respond({ webhookId: delivery.headers['webhook-id'] ?? '' }),
  });
  let server: ServerProcess | undefined;
  let database: AuthDatabase | undefined;
  const close = async () => {
    await server?.stop();
    await database?.close();
    await receiver.close();
  };
  try {
    server = await startServerProcess(env, { port, dataDir: options.dataDir });
    const first = server;
    database = connectDatabase(options.databaseURL);
    const reader = database.db;
    const browser = browserFetch(origin);
    const call = (path: string, body: unknown) =>
      browser.fetch(`${first.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const root = await call('/sign-up/email', {
      name: 'Root',
      email: 'root@example.com',
      password: PASSWORD,
    });
    expect(root.status).toBe(200);
    // The admin feature's `role` column is not in the engine's base schema type.
    await reader
      .updateTable('user')
      .set({ role: 'admin' } as never)
      .where('email', '=', 'root@example.com')
      .execute();
    const created = await call('/webhooks/create-endpoint', {
      url: receiver.url,
      events: ['user.signed_up'],
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const { endpoint, secret } = (await created.json()) as { endpoint: { id: string }; secret: string };
    secrets.push(secret);

    const current = (): ServerProcess => {
      if (!server) throw new Error('the product is not running');
      return server;
    };
    return {
      receiver,
      reader,
      get server() {
        return current();
      },
      /** A sign-up by someone new: one `user.signed_up` event, so one delivery. */
      async signUp(email: string) {
        const answer = await fetch(`${current().url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ name: 'Someone', email, password: PASSWORD }),
        });
        expect(answer.status, await answer.clone().text()).toBe(200);
      },
      deliveries: (): Promise<DeliveryState[]> =>
        reader
          .selectFrom('webhookDelivery')
          .select(['webhookId', 'status', 'attempt'])
          .where('endpointId', '=', endpoint.id)
          .execute(),
      async restart() {
        server = await startServerProcess(env, { port, dataDir: options.dataDir });
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms; throws naming `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}
