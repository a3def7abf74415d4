import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReceiverAnswer } from '@gatehouse/core/testing';
import { describe, expect, it } from 'vitest';
import { createTestSchema } from './testing/test-schema.ts';
import { startWebhookProduct, until } from './testing/webhook-product.ts';

/**
 * The product killed with SIGKILL while webhook deliveries are pending and in flight
 * (docs/protocol/webhooks.md#7-delivery-retries-ordering), then started again on the same
 * database: every message arrives verified, none is lost, a message answered 2xx before the kill
 * is not sent again, and the attempts the dead process had in flight are taken up again once
 * their leases run out. On a SQLite file, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
const databaseURL = process.env.TEST_DATABASE_URL;
/** Of the messages made while the receiver fails, this many hang (in flight at the kill). */
const HANGING = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    let phase: 'answering' | 'failing' = 'answering';
    let hung = 0;
    /** The 2xx answers given, per webhook-id. */
    const accepted = new Map<string, number>();
    const respond = ({ webhookId }: { webhookId: string }): ReceiverAnswer => {
      if (phase === 'failing') {
        if (hung < HANGING) {
          hung++;
          return 'hang';
        }
        return { status: 503 };
      }
      accepted.set(webhookId, (accepted.get(webhookId) ?? 0) + 1);
      return { status: 200 };
    };
    const product = await startWebhookProduct({ databaseURL: database.url, dataDir, respond }).catch(
      async (error) => {
        await database.drop();
        throw error;
      },
    );
    const { receiver, deliveries } = product;
    try {
      // Answered and recorded as succeeded before the kill.
      for (const n of [1, 2, 3]) await product.signUp(`before${n}@example.com`);
      await until(
        async () => (await deliveries()).filter((row) => row.status === 'succeeded').length === 3,
        10_000,
        'three deliveries succeeded',
      );
      const before = (await deliveries()).map((row) => row.webhookId);

      // Then the receiver fails: two attempts hang (in flight, leased), the others get 503s.
      phase = 'failing';
      for (const n of [1, 2, 3, 4]) await product.signUp(`during${n}@example.com`);
      await until(async () => (await deliveries()).length === 7, 10_000, 'seven deliveries made');
      await until(
        async () =>
          hung === HANGING &&
          (await deliveries()).filter((row) => row.status === 'pending' && Number(row.attempt) > 0).length >=
            2,
        10_000,
        'two attempts hanging and two answered 503',
      );
      const running = product.server;
      process.kill(-(running.child.pid ?? 0), 'SIGKILL');
      expect(await running.exit).toEqual({ code: null, signal: 'SIGKILL' });
      const pendingAtKill = (await deliveries()).filter((row) => row.status === 'pending');
      expect(pendingAtKill).toHaveLength(4);

      phase = 'answering';
      const restartedAt = Date.now();
      await product.restart();
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
      await product.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
