import { AuthError } from '../../errors.ts';
import type { LogContext } from '../../log-context.ts';
import type { ResolvedOptions } from '../../options.ts';
import type { Answer } from '../answer.ts';
import { errorResponse } from '../respond.ts';
import type { Counters } from './counters.ts';
import { type BuiltInRule, createRuleResolver } from './rate-limit-rules.ts';

export interface RateLimiter {
  /**
   * Counts one request from `ip` (null when unresolved) to `path` (the request path minus the
   * base path) and answers the 429 to send, or null to let the request through. `log` names the
   * request in a failure's log line.
   */
  check(ip: string | null, path: string, log?: LogContext): Promise<Answer | null>;
}

/**
 * The limiter of docs/protocol/core.md#rate-limiting, built once by `createContext` with the mounted
 * features' built-in rules; undefined when rate limiting is off, so a disabled limiter costs
 * nothing per request.
 */
export function createRateLimiter(
  options: ResolvedOptions,
  counters: Counters,
  builtInRules: readonly BuiltInRule[],
): RateLimiter | undefined {
  if (!options.rateLimit.enabled) return undefined;
  const resolveRule = createRuleResolver(options.rateLimit, builtInRules);

  return {
    async check(ip, rawPath, log) {
      const path = rawPath.endsWith('/') ? rawPath.replace(/\/+$/, '') : rawPath;
      const rule = resolveRule(path);
      if (!rule) return null;
      // Clients without a resolvable IP cannot be told apart, so they share one counter per path.
      const decision = await counters.consume(`${ip ?? 'no-trusted-ip'}|${path}`, rule, log);
      return decision.allowed ? null : rateLimitedResponse(decision.retryAfterSeconds);
    },
  };
}

/** 429 RATE_LIMITED with `X-Retry-After` in whole seconds (docs/protocol/core.md#rate-limiting). */
function rateLimitedResponse(retryAfterSeconds: number): Answer {
  return errorResponse(new AuthError('RATE_LIMITED'), [], [['x-retry-after', String(retryAfterSeconds)]]);
}
