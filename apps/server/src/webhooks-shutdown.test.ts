import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startWebhookProduct, until } from './testing/webhook-product.ts';

/**
 * The product stopped with SIGTERM while a webhook attempt is in flight (docs/operations.md#outages,
 * the webhooks feature's README W14): the process waits for the receiver's answer within
 * SHUTDOWN_GRACE, records it and exits 0, so after a restart the message is not sent again. On a
 * SQLite file: what the shutdown waits for is the same on PostgreSQL (webhooks-crash.test.ts
 * covers that database across a process's end).
 */
const ANSWER_AFTER_MS = 1500;

describe('webhooks across a SIGTERM', () => {
  it('the attempt in flight is answered and recorded before the exit, and not sent again after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-webhooks-shutdown-'));
    const product = await startWebhookProduct({
      databaseURL: join(dataDir, 'gatehouse.sqlite'),
      dataDir,
      respond: () => ({ status: 200, afterMs: ANSWER_AFTER_MS }),
    });
    try {
      await product.signUp('slow@example.com');
      await product.receiver.waitFor(1, 10_000);
      const running = product.server;
      process.kill(-(running.child.pid ?? 0), 'SIGTERM');
      expect(await running.exit).toEqual({ code: 0, signal: null });
      const [delivery, ...others] = await product.deliveries();
      expect(others).toEqual([]);
      expect(delivery).toMatchObject({ status: 'succeeded', attempt: 1 });

      await product.restart();
      await product.signUp('after@example.com');
      await until(
        async () => {
          const rows = await product.deliveries();
          return rows.length === 2 && rows.every((row) => row.status === 'succeeded');
        },
        10_000,
        'the second delivery succeeded',
      );
      const ids = product.receiver.deliveries.map((d) => d.headers['webhook-id']);
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
      expect(product.receiver.deliveries.every((d) => d.verified)).toBe(true);
    } finally {
      await product.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
