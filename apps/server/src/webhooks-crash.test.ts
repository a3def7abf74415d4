import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AuthDatabase, connectDatabase } from '@gatehouse/core';
import { type ReceiverAnswer, startWebhookReceiver } from '@gatehouse/core/testing';
import { describe, expect, it } from 'vitest';
import { browserFetch } from './testing/browser-fetch.ts';
import { freePort } from './testing/free-port.ts';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';
import { createTestSchema } from './testing/test-schema.ts';

/**
 * The product killed with SIGKILL while webhook deliveries are pending and in flight
 * (docs/protocol/webhooks.md#7-delivery-retries-ordering), then started again on the same
 * database: every message arrives verified, none is lost, a message answered 2xx before the kill
 * is not sent again, and the attempts the dead process had in flight are taken up again once
 * their leases run out. On a SQLite file, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const databaseURL = process.env.TEST_DATABASE_URL;
const PASSWORD = 'correct horse battery';
/** Of the messages made while the receiver fails, this many hang (in flight at the kill). */
const HANGING = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

type Database = { url: string; drop(): Promise<void> };

const databases: [string, (dataDir: string) => Promise<Database>][] = [
  ['a SQLite file', async (dataDir) => ({ url: join(dataDir, 'gatehouse.sqlite'), drop: async () => {} })],
];
if (databaseURL)
  databases.push([
    'PostgreSQL',
    async () => {
      const schema = await createTestSchema(databaseURL);
      return { url: schema.url, drop: () => schema.drop() };
    },
  ]);

describe.each(databases)('webhooks across a SIGKILL (%s)', (_, openDatabase) => {
  it('every message arrives once the server is back; none answered 2xx before the kill is sent again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-webhooks-crash-'));
    const database = await openDatabase(dataDir);
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const env = {
      DATABASE_URL: database.url,
      BASE_URL: origin,
      RATE_LIMIT: 'off',
      WEBHOOKS: 'on',
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'on',
      WEBHOOK_RETRY_BASE_MS: '100',
    };
    const secrets: string[] = [];
    let phase: 'answering' | 'failing' = 'answering';
    let hung = 0;
    /** The 2xx answers given, per webhook-id. */
    const accepted = new Map<string, number>();
    const receiver = await startWebhookReceiver({
      secrets: () => secrets,
      respond: (_n, delivery): ReceiverAnswer => {
        if (phase === 'failing') {
          if (hung < HANGING) {
            hung++;
            return 'hang';
          }
          return { status: 503 };
        }
        const id = delivery.headers['webhook-id'] ?? '';
        accepted.set(id, (accepted.get(id) ?? 0) + 1);
        return { status: 200 };
      },
    });
    let server: ServerProcess | undefined;
    let db: AuthDatabase | undefined;
    try {
      server = await startServerProcess(env, { port, dataDir });
      const running = server;
      db = connectDatabase(database.url);
      const reader = db.db;
      const browser = browserFetch(origin);
      const call = (path: string, body: unknown) =>
        browser.fetch(`${running.url}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const signUp = async (email: string) => {
        const answer = await fetch(`${running.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ name: 'Crash', email, password: PASSWORD }),
        });
        expect(answer.status, await answer.clone().text()).toBe(200);
      };

      expect(
        (await call('/sign-up/email', { name: 'Root', email: 'root@example.com', password: PASSWORD }))
          .status,
      ).toBe(200);
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
      const deliveries = () =>
        reader
          .selectFrom('webhookDelivery')
          .select(['webhookId', 'status', 'attempt'])
          .where('endpointId', '=', endpoint.id)
          .execute();

      // Answered and recorded as succeeded before the kill.
      for (const n of [1, 2, 3]) await signUp(`before${n}@example.com`);
      await until(
        async () => (await deliveries()).filter((row) => row.status === 'succeeded').length === 3,
        10_000,
        'three deliveries succeeded',
      );
      const before = (await deliveries()).map((row) => row.webhookId);

      // Then the receiver fails: two attempts hang (in flight, leased), the others get 503s.
      phase = 'failing';
      for (const n of [1, 2, 3, 4]) await signUp(`during${n}@example.com`);
      await until(async () => (await deliveries()).length === 7, 10_000, 'seven deliveries made');
      await until(
        async () =>
          hung === HANGING &&
          (await deliveries()).filter((row) => row.status === 'pending' && Number(row.attempt) > 0).length >=
            2,
        10_000,
        'two attempts hanging and two answered 503',
      );
      const pid = running.child.pid ?? 0;
      process.kill(-pid, 'SIGKILL');
      expect(await running.exit).toEqual({ code: null, signal: 'SIGKILL' });
      const pendingAtKill = (await deliveries()).filter((row) => row.status === 'pending');
      expect(pendingAtKill).toHaveLength(4);

      phase = 'answering';
      const restartedAt = Date.now();
      server = await startServerProcess(env, { port, dataDir });
      // The hung attempts' leases (30 s) must run out before the new process takes them again.
      await until(
        async () => (await deliveries()).every((row) => row.status === 'succeeded'),
        60_000,
        'every delivery succeeded after the restart',
      );
      // A duplicate would have a moment to arrive.
      await sleep(1500);

      const all = await deliveries();
      expect(all).toHaveLength(7);
      for (const { webhookId } of all) expect(accepted.get(webhookId), webhookId).toBe(1);
      for (const id of before)
        expect(
          receiver.deliveries.filter((d) => d.headers['webhook-id'] === id),
          id,
        ).toHaveLength(1);
      const afterRestart = receiver.deliveries.filter((d) => d.receivedAt.getTime() >= restartedAt);
      expect(new Set(afterRestart.map((d) => d.headers['webhook-id']))).toEqual(
        new Set(pendingAtKill.map((row) => row.webhookId)),
      );
      expect(receiver.deliveries.every((d) => d.verified)).toBe(true);
    } finally {
      await server?.stop();
      await db?.close();
      await receiver.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
