import { Redis } from 'ioredis';
import { withCircuitBreaker } from './circuit-breaker.ts';
import type { SecondaryStorage } from './secondary-storage.ts';

export interface RedisStorageOptions {
  /** Namespace for every key (default `gatehouse:`). */
  keyPrefix?: string;
  /** A command not answered by then counts as failed (default 200 ms). */
  timeoutMs?: number;
  /** How long calls fail at once after a failure before Redis is tried again (default 2000 ms). */
  backoffMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/**
 * Secondary storage in Redis, shared by every server process. Keys are namespaced so one Redis
 * can serve several deployments (or tests) side by side.
 *
 * An outage must cost requests almost nothing (docs/operations.md#outages): commands are not queued while
 * disconnected but fail at once, a command that hangs counts as failed after `timeoutMs`, and
 * after a failure Redis is left alone for `backoffMs` (a circuit breaker). Callers fall back: the
 * database for sessions, process memory for rate limits.
 */
export function createRedisStorage(
  url: string,
  options: RedisStorageOptions = {},
): SecondaryStorage & {
  /** Resolves once connected, or after `timeoutMs` regardless (the breaker handles the rest). */
  ready(timeoutMs: number): Promise<void>;
} {
  const log = options.log ?? ((message: string) => console.error(`gatehouse: ${message}`));
  const redis = new Redis(url, {
    keyPrefix: options.keyPrefix ?? 'gatehouse:',
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    // Reconnect soon after Redis returns: every 100 ms at first, then at most once a second.
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  // Connection errors surface through the breaker, which logs each outage once.
  redis.on('error', () => {});
  // Without the offline queue, commands sent before the first connection would fail: they wait
  // for it instead (bounded by the breaker's timeout).
  let connected = false;
  const firstConnection = new Promise<void>((resolve) =>
    redis.once('ready', () => {
      connected = true;
      resolve();
    }),
  );
  const connection = async () => {
    if (!connected) await firstConnection;
    return redis;
  };
  const storage = withCircuitBreaker(
    {
      get: async (key) => (await connection()).get(key),
      async set(key, value, ttlSeconds) {
        await (await connection()).set(key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
      },
      async delete(key) {
        await (await connection()).del(key);
      },
    },
    { timeoutMs: options.timeoutMs ?? 200, backoffMs: options.backoffMs ?? 2000, log },
  );
  return {
    ...storage,
    async close() {
      // quit() waits for Redis to answer, which it may never do during an outage.
      await Promise.race([redis.quit().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 500))]);
      redis.disconnect();
    },
    ready: (timeoutMs) =>
      Promise.race([firstConnection, new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())]),
  };
}
