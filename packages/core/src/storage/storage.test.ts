import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memory-storage.ts';
import { createRedisStorage } from './redis-storage.ts';
import type { SecondaryStorage } from './secondary-storage.ts';

/** The memory store always; the Redis store whenever TEST_REDIS_URL is set (CI sets it). */
const backends: [string, () => SecondaryStorage][] = [['memory', () => createMemoryStorage()]];
const redisURL = process.env.TEST_REDIS_URL;
if (redisURL)
  backends.push([
    'redis',
    () => createRedisStorage(redisURL, { keyPrefix: `test:${randomBytes(4).toString('hex')}:` }),
  ]);

describe.each(backends)('secondary storage: %s', (_, create) => {
  const storage = create();
  afterAll(() => storage.close?.());

  it('stores, reads and deletes values', async () => {
    await storage.set('a', 'one', 60);
    expect(await storage.get('a')).toBe('one');
    await storage.delete('a');
    expect(await storage.get('a')).toBeNull();
  });

  it('answers null for a key never set', async () => {
    expect(await storage.get('never')).toBeNull();
  });

  it('forgets a value after its time to live', async () => {
    await storage.set('short', 'lived', 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await storage.get('short')).toBeNull();
  });
});

describe('memory storage bounds', () => {
  it('evicts the oldest key beyond its capacity', async () => {
    const storage = createMemoryStorage({ maxKeys: 2 });
    await storage.set('first', '1', 60);
    await storage.set('second', '2', 60);
    await storage.set('third', '3', 60);
    expect(await storage.get('first')).toBeNull();
    expect(await storage.get('third')).toBe('3');
  });
});
