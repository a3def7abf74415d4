import type { SecondaryStorage } from './secondary-storage.ts';

/**
 * In-process storage with per-key expiry. Expired keys are dropped when read and in a sweep
 * every minute, and the key count is capped so the map cannot grow without bound.
 */
export function createMemoryStorage(
  options: { now?: () => number; maxKeys?: number } = {},
): SecondaryStorage {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 100_000;
  const entries = new Map<string, { value: string; expiresAt: number }>();
  let lastSweep = now();

  const sweep = (time: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
    lastSweep = time;
  };

  return {
    async get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return null;
      }
      return entry.value;
    },
    async set(key, value, ttlSeconds) {
      const time = now();
      if (time - lastSweep > 60_000) sweep(time);
      if (entries.size >= maxKeys && !entries.has(key)) {
        // Oldest insertion first: Map iteration order is insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, expiresAt: time + ttlSeconds * 1000 });
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}
