/** How many requests one key may make per window. */
export interface RateLimitRule {
  windowMs: number;
  max: number;
}

/** The counter kept per `{ip}|{path}` key (docs/protocol/core.md#rate-limiting). */
export interface RateLimitEntry {
  count: number;
  lastRequest: number;
}

/** An allowed request says how many the window has counted with it. */
export type RateLimitDecision =
  | { allowed: true; count: number }
  | { allowed: false; retryAfterSeconds: number };

/** Where counters live: memory, the database or the secondary storage. */
export interface RateLimitStore {
  /** Counts one request for `key` at time `now` (epoch ms) and says whether it may proceed. */
  consume(key: string, rule: RateLimitRule, now: number): RateLimitDecision | Promise<RateLimitDecision>;
  /** Forgets `key`'s counter: its next request starts a new window. */
  reset(key: string): void | Promise<void>;
}

/**
 * The counting rule shared by every store. A window that has passed since the last allowed
 * request starts over; otherwise a full window refuses, and an allowed request moves
 * `lastRequest` to now, so each allowed request restarts the window. Refused requests change
 * nothing: a client hammering a closed window does not extend its own ban.
 */
export function countRequest(
  entry: RateLimitEntry | undefined,
  rule: RateLimitRule,
  now: number,
): { allowed: true; entry: RateLimitEntry } | { allowed: false; retryAfterSeconds: number } {
  if (!entry || now - entry.lastRequest >= rule.windowMs) {
    return { allowed: true, entry: { count: 1, lastRequest: now } };
  }
  if (entry.count >= rule.max) {
    return { allowed: false, retryAfterSeconds: retryAfterSeconds(entry.lastRequest, rule, now) };
  }
  return { allowed: true, entry: { count: entry.count + 1, lastRequest: now } };
}

/** Whole seconds until the window that started at `lastRequest` closes, rounded up. */
export function retryAfterSeconds(lastRequest: number, rule: RateLimitRule, now: number): number {
  return Math.ceil((lastRequest + rule.windowMs - now) / 1000);
}
