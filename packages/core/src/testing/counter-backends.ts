import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import type { Dialect } from '../db/schema.ts';
import type { AuthOptions } from '../options.ts';
import { createMemoryStorage } from '../storage/memory-storage.ts';
import { createRedisStorage } from '../storage/redis-storage.ts';
import type { SecondaryStorage } from '../storage/secondary-storage.ts';
import { testDialects } from './test-database.ts';
import type { TestServer } from './test-server.ts';

/**
 * The stores the engine's counters (`auth.counters`: rate limits, mail budget, failed sign-ins) can
 * live in, for suites that run on each: the database on every test dialect, the secondary storage
 * in memory, and in Redis whenever CI provides it.
 */
export type Extra = Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>>;

/** Where the counters live: one store per test, so that two servers of a test can share it. */
export interface Backend {
  name: string;
  dialect: Dialect;
  /** Options that put the counters in this store; servers of one test get the same store. */
  options(): Extra;
  close?(): Promise<void>;
}

const databaseBackend = (dialect: Dialect): Backend => ({
  name: `database on ${dialect}`,
  dialect,
  options: () => ({ rateLimit: { enabled: false, storage: 'database' } }),
});

function storageBackend(name: string, create: () => SecondaryStorage): Backend {
  let storage: SecondaryStorage | undefined;
  return {
    name: `secondary storage in ${name}`,
    dialect: 'sqlite',
    options() {
      storage ??= create();
      return { storage };
    },
    async close() {
      await storage?.close?.();
      storage = undefined;
    },
  };
}

/** Secondary storage is what several server copies share: memory here, Redis whenever CI provides it. */
export const sharedBackends: Backend[] = [storageBackend('memory', () => createMemoryStorage())];
const redisURL = process.env.TEST_REDIS_URL;
if (redisURL) {
  sharedBackends.push(
    storageBackend('redis', () =>
      createRedisStorage(redisURL, {
        keyPrefix: `test:counters:${randomBytes(4).toString('hex')}:`,
        // Redis is up here. With the product's 200 ms a slow answer on a loaded machine (or the
        // first connection) trips the breaker, and the counters then count in this process's
        // memory from zero, as they should in an outage, letting one more message through than
        // the test expects. The outage itself is tested through a proxy in the storage suites.
        timeoutMs: 5000,
      }),
    ),
  );
}
export const counterBackends: Backend[] = [...testDialects().map(databaseBackend), ...sharedBackends];

/** Servers a test started, closed after it with the backend's store. */
export function serversOf(backend: Backend): TestServer[] {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await backend.close?.();
  });
  return servers;
}

/** The headers a client sees, without those that change with each answer by themselves. */
export const stableHeaders = (response: Response): [string, string][] =>
  [...response.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive');
