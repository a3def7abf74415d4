import type { AuthContext } from '../../context.ts';
import type { Answer } from '../answer.ts';
import { clientIp } from '../client-ip.ts';
import type { RateLimiter } from '../rate-limit/create-rate-limiter.ts';
import type { RequestContext } from '../request-context.ts';

/** The one rate-limit counter shared by every path that is not a route. */
export const UNKNOWN_ROUTE = '/(unknown)';

/**
 * A refused burst is one event, not one per request: the first refusal per client and route in
 * each minute is recorded, so a flood cannot turn into as many writes.
 */
const LIMITED_EVENT_INTERVAL_MS = 60_000;

/**
 * Step 1: the refusal when the client spent the route's allowance, else null. Null at once, with
 * no promise, when nothing is counted: without a limiter, and for server-side calls (`auth.api`),
 * which are the host's own code and carry no client address.
 */
export type RateLimitStep = (request: RequestContext, route: string) => Promise<Answer | null> | null;

/**
 * Every request counts, unknown paths too (docs/protocol/core.md#request-pipeline). Counters are
 * kept per route, not per raw path (`route` is the template, or `UNKNOWN_ROUTE`), so made-up paths
 * or per-token links cannot create fresh keys without end (which could also push a client's own
 * sign-in counter out of the store).
 */
export function rateLimitStep(auth: AuthContext): RateLimitStep {
  const recentlyLimited = new Map<string, number>();

  async function limit(limiter: RateLimiter, request: RequestContext, route: string): Promise<Answer | null> {
    const limited = await limiter.check(clientIp(auth, request), route, request.log);
    if (!limited) return null;
    request.outcome.code = 'RATE_LIMITED';
    await recordLimited(request, route);
    return limited;
  }

  async function recordLimited(request: RequestContext, path: string) {
    const key = `${clientIp(auth, request) ?? ''}|${path}`;
    const now = auth.options.now();
    if ((recentlyLimited.get(key) ?? Number.NEGATIVE_INFINITY) > now - LIMITED_EVENT_INTERVAL_MS) return;
    if (recentlyLimited.size >= 10_000) recentlyLimited.clear();
    recentlyLimited.set(key, now);
    await auth.audit.record(request, {
      type: 'rate_limit.exceeded',
      outcome: 'failure',
      errorCode: 'RATE_LIMITED',
      metadata: { path },
    });
  }

  return (request, route) => {
    const limiter = auth.rateLimiter;
    return limiter && !request.incoming.serverCall ? limit(limiter, request, route) : null;
  };
}
