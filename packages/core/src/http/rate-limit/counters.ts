import { signValueBase64Url } from '../../crypto/hmac.ts';
import type { AuthDatabase } from '../../db/schema.ts';
import { isServiceUnavailable } from '../../db/unavailable.ts';
import type { LogContext } from '../../log-context.ts';
import type { ResolvedOptions } from '../../options.ts';
import { StorageUnavailableError } from '../../storage/circuit-breaker.ts';
import type { SecondaryStorage } from '../../storage/secondary-storage.ts';
import { normalizeEmail } from '../../user/email.ts';
import { createDatabaseRateLimitStore } from './database-rate-limit-store.ts';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.ts';
import type { RateLimitDecision, RateLimitRule, RateLimitStore } from './rate-limit-store.ts';
import { createStorageRateLimitStore } from './storage-rate-limit-store.ts';

/**
 * Every counter the engine keeps — the per-IP rules, the mail budget, failed sign-ins per address —
 * in one store (`rateLimit.storage`), so that several server copies share them. Keys of different
 * uses never collide: the IP rules' are `{ip}|{path}`, the others start with their own prefix.
 */
export interface Counters {
  /** Counts one event for `key` now; `log` names the request in a failure's log line. */
  consume(key: string, rule: RateLimitRule, log?: LogContext): Promise<RateLimitDecision>;
  /** Forgets `key`'s counter. */
  reset(key: string, log?: LogContext): Promise<void>;
}

/**
 * The counter key of an email address for one use (`mail-to`, `sign-in-failures`): a keyed hash of
 * the normalised address, so neither the database nor Redis ever holds the address itself.
 */
export const addressCounterKey = (secret: string, use: string, email: string): string =>
  `${use}:${signValueBase64Url(secret, normalizeEmail(email))}`;

/**
 * Built once by `createContext`. `longestWindowMs` is the longest window any use counts over: the
 * database store deletes older rows, whichever use wrote them.
 */
export function createCounters(
  options: ResolvedOptions,
  database: AuthDatabase,
  storage: SecondaryStorage,
  longestWindowMs: number,
): Counters {
  const store = createStore(options, database, storage, longestWindowMs);
  const fallback = createMemoryRateLimitStore();
  const { now, logError } = options;
  // A shared store that is unreachable (Redis, the database) must neither lock every client out
  // nor let everyone through: this process counts on its own until it returns. Shared storage's
  // circuit breaker and the handler log outages; only other failures are logged.
  const unlessOutage = (error: unknown, log: LogContext | undefined) => {
    if (!(error instanceof StorageUnavailableError) && !isServiceUnavailable(error))
      logError('Rate limit storage failed; counting in memory', error, log);
  };
  return {
    async consume(key, rule, log) {
      try {
        return await store.consume(key, rule, now());
      } catch (error) {
        unlessOutage(error, log);
        return fallback.consume(key, rule, now());
      }
    },
    async reset(key, log) {
      fallback.reset(key);
      try {
        await store.reset(key);
      } catch (error) {
        unlessOutage(error, log);
      }
    },
  };
}

function createStore(
  options: ResolvedOptions,
  database: AuthDatabase,
  storage: SecondaryStorage,
  longestWindowMs: number,
): RateLimitStore {
  switch (options.rateLimit.storage) {
    case 'database':
      return createDatabaseRateLimitStore(database, longestWindowMs);
    case 'secondary-storage':
      return createStorageRateLimitStore(storage);
    default:
      return createMemoryRateLimitStore();
  }
}
