import type { SecondaryStorage } from '../../storage/secondary-storage.ts';
import { countRequest, type RateLimitEntry, type RateLimitStore } from './rate-limit-store.ts';

/**
 * Counters in the secondary storage (Redis when several server copies run), as JSON
 * `{count, lastRequest}` under the key itself (docs/protocol/core.md#secondary-storage-keys), living one
 * window past the last allowed request. The storage interface has no atomic increment, so this is a
 * read-modify-write: requests of one key racing between processes may each read the same count and together
 * let through a few more than `max`. Choose the `database` store when the limit must be exact.
 */
export function createStorageRateLimitStore(storage: SecondaryStorage): RateLimitStore {
  return {
    async consume(key, rule, now) {
      const result = countRequest(parseEntry(await storage.get(key)), rule, now);
      if (!result.allowed) return result;
      await storage.set(key, JSON.stringify(result.entry), rule.windowMs / 1000);
      return { allowed: true, count: result.entry.count };
    },
    reset: (key) => storage.delete(key),
  };
}

/** A value another writer left malformed counts as no entry rather than failing every request. */
function parseEntry(text: string | null): RateLimitEntry | undefined {
  if (text === null) return undefined;
  try {
    const value = JSON.parse(text) as Partial<RateLimitEntry> | null;
    if (typeof value?.count === 'number' && typeof value.lastRequest === 'number') {
      return { count: value.count, lastRequest: value.lastRequest };
    }
  } catch {
    // Falls through to "no entry".
  }
  return undefined;
}
