import { Redis } from 'ioredis';
import type { SecondaryStorage } from './secondary-storage.ts';

/**
 * Secondary storage in Redis, shared by every server process. Keys are namespaced so one Redis
 * can serve several deployments (or tests) side by side.
 */
export function createRedisStorage(url: string, options: { keyPrefix?: string } = {}): SecondaryStorage {
  const redis = new Redis(url, { keyPrefix: options.keyPrefix ?? 'gatehouse:', maxRetriesPerRequest: 2 });
  return {
    get: (key) => redis.get(key),
    async set(key, value, ttlSeconds) {
      await redis.set(key, value, 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async delete(key) {
      await redis.del(key);
    },
    async close() {
      await redis.quit();
    },
  };
}
