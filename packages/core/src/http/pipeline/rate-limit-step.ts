import type { AuthContext } from '../../context.ts';
import type { Answer } from '../answer.ts';
import { clientIp } from '../client-ip.ts';
import type { RequestContext } from '../request-context.ts';

/** The one rate-limit counter shared by every path that is not a route. */
export const UNKNOWN_ROUTE = '/(unknown)';

/**
 * A refused burst is one event, not one per request: the first refusal per client and route in
 * each minute is recorded, so a flood cannot turn into as many writes.
 */
const LIMITED_EVENT_INTERVAL_MS = 60_000;

/**
 * Step 1, in two parts so an allowed request awaits the limiter's own promise and nothing more:
 * `count` gives the limiter's refusal or null, and no promise at all when nothing is counted
 * (without a limiter, and for server-side calls, `auth.api`, which are the host's own code and
 * carry no client address); `refuse` marks the outcome and records the event for a refusal.
 */
export interface RateLimitStep {
  count(request: RequestContext, route: string): Promise<Answer | null> | null;
  refuse(request: RequestContext, route: string, refusal: Answer): Promise<Answer>;
}

/**
 * Every request counts, unknown paths too (docs/protocol/core.md#request-pipeline). Counters are
 * kept per route, not per raw path (`route` is the template, or `UNKNOWN_ROUTE`), so made-up paths
 * or per-token links cannot create fresh keys without end (which could also push a client's own
 * sign-in counter out of the store).
 */
export function rateLimitStep(auth: AuthContext): RateLimitStep {
  const recentlyLimited = new Map<string, number>();

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

  return {
    count(request, route) {
      const limiter = auth.rateLimiter;
      if (!limiter || request.incoming.serverCall) return null;
      return limiter.check(clientIp(auth, request), route, request.log);
    },
    async refuse(request, route, refusal) {
      request.outcome.code = 'RATE_LIMITED';
      await recordLimited(request, route);
      return refusal;
    },
  };
}
