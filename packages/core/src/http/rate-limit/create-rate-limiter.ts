import type { AuthDatabase } from '../../db/schema.ts';
import { isServiceUnavailable } from '../../db/unavailable.ts';
import { AuthError } from '../../errors.ts';
import type { LogContext } from '../../log-context.ts';
import type { ResolvedOptions } from '../../options.ts';
import { StorageUnavailableError } from '../../storage/circuit-breaker.ts';
import type { SecondaryStorage } from '../../storage/secondary-storage.ts';
import type { Answer } from '../answer.ts';
import { errorResponse } from '../respond.ts';
import { createDatabaseRateLimitStore } from './database-rate-limit-store.ts';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.ts';
import { createRuleResolver, longestWindowMs } from './rate-limit-rules.ts';
import type { RateLimitDecision, RateLimitStore } from './rate-limit-store.ts';
import { createStorageRateLimitStore } from './storage-rate-limit-store.ts';

export interface RateLimiter {
  /**
   * Counts one request from `ip` (null when unresolved) to `path` (the request path minus the
   * base path) and answers the 429 to send, or null to let the request through. `log` names the
   * request in a failure's log line.
   */
  check(ip: string | null, path: string, log?: LogContext): Promise<Answer | null>;
}

/**
 * The limiter of docs/protocol/core.md#rate-limiting, built once by `createContext`; undefined when rate
 * limiting is off, so a disabled limiter costs nothing per request.
 */
export function createRateLimiter(
  options: ResolvedOptions,
  database: AuthDatabase,
  storage: SecondaryStorage,
): RateLimiter | undefined {
  if (!options.rateLimit.enabled) return undefined;
  const resolveRule = createRuleResolver(options.rateLimit);
  const store = createStore(options, database, storage);
  const fallback = createMemoryRateLimitStore();
  const { now, logError } = options;

  return {
    async check(ip, rawPath, log) {
      const path = rawPath.endsWith('/') ? rawPath.replace(/\/+$/, '') : rawPath;
      const rule = resolveRule(path);
      if (!rule) return null;
      // Clients without a resolvable IP cannot be told apart, so they share one counter per path.
      const key = `${ip ?? 'no-trusted-ip'}|${path}`;
      let decision: RateLimitDecision;
      try {
        decision = await store.consume(key, rule, now());
      } catch (error) {
        // A shared store that is unreachable (Redis, the database) must neither lock every client
        // out nor let everyone through: this process counts on its own until it returns. Shared
        // storage's circuit breaker and the handler log outages; only other failures are logged.
        if (!(error instanceof StorageUnavailableError) && !isServiceUnavailable(error))
          logError('Rate limit storage failed; counting in memory', error, log);
        decision = await fallback.consume(key, rule, now());
      }
      return decision.allowed ? null : rateLimitedResponse(decision.retryAfterSeconds);
    },
  };
}

function createStore(
  options: ResolvedOptions,
  database: AuthDatabase,
  storage: SecondaryStorage,
): RateLimitStore {
  switch (options.rateLimit.storage) {
    case 'database':
      return createDatabaseRateLimitStore(database, longestWindowMs(options.rateLimit));
    case 'secondary-storage':
      return createStorageRateLimitStore(storage);
    default:
      return createMemoryRateLimitStore();
  }
}

/** 429 RATE_LIMITED with `X-Retry-After` in whole seconds (docs/protocol/core.md#rate-limiting). */
function rateLimitedResponse(retryAfterSeconds: number): Answer {
  return errorResponse(new AuthError('RATE_LIMITED'), [], [['x-retry-after', String(retryAfterSeconds)]]);
}
