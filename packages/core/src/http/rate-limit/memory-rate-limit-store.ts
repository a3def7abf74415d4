import { countRequest, type RateLimitStore } from './rate-limit-store.ts';

interface MemoryEntry {
  count: number;
  lastRequest: number;
  expiresAt: number;
}

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counters in a Map for a single process. Every allowed request re-inserts its key, so the Map
 * runs from least to most recently allowed and a full Map drops the one idle longest. Unknown
 * paths are counted too, so the key cap is what keeps a client inventing paths from growing
 * memory without bound. Expired entries are swept at most once a minute.
 */
export function createMemoryRateLimitStore(maxKeys = 100_000): RateLimitStore {
  const entries = new Map<string, MemoryEntry>();
  let lastSweep = Number.NEGATIVE_INFINITY;

  const sweep = (now: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
    lastSweep = now;
  };

  return {
    consume(key, rule, now) {
      if (now - lastSweep >= SWEEP_INTERVAL_MS) sweep(now);
      const result = countRequest(entries.get(key), rule, now);
      if (!result.allowed) return result;
      entries.delete(key);
      if (entries.size >= maxKeys) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(key, { ...result.entry, expiresAt: now + rule.windowMs });
      return { allowed: true, count: result.entry.count };
    },
    reset(key) {
      entries.delete(key);
    },
  };
}
