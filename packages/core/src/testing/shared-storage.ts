import { randomBytes } from 'node:crypto';
import { createAuth } from '../create-auth.ts';
import type { AuthOptions } from '../options.ts';
import { createMemoryStorage } from '../storage/memory-storage.ts';
import { createRedisStorage } from '../storage/redis-storage.ts';
import type { SecondaryStorage } from '../storage/secondary-storage.ts';
import { checkedAuth } from './answer-checker.ts';
import { TEST_SECRET, type TestServer } from './test-server.ts';

/** The memory store always; the Redis store (under a key prefix of its own) whenever TEST_REDIS_URL is set. */
export function storageBackends(): [string, () => SecondaryStorage][] {
  const backends: [string, () => SecondaryStorage][] = [['memory', () => createMemoryStorage()]];
  const redisURL = process.env.TEST_REDIS_URL;
  if (redisURL)
    backends.push([
      'redis',
      () => createRedisStorage(redisURL, { keyPrefix: `test:${randomBytes(4).toString('hex')}:` }),
    ]);
  return backends;
}

/**
 * A second engine on a test server's database and storage, as a second process would be; its answers
 * are held to the OpenAPI document too (`assertConforms`).
 */
export function secondCopy(
  server: TestServer,
  storage: SecondaryStorage,
  overrides: Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now' | 'storage'>> = {},
) {
  return checkedAuth(
    createAuth({
      secret: TEST_SECRET,
      baseURL: server.url,
      database: server.database,
      storage,
      now: server.clock.now,
      ...overrides,
    }),
  );
}
