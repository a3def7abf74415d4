/** Attempts per delivery, the first included (docs/protocol/webhooks.md#7-delivery-retries-ordering). */
export const MAX_ATTEMPTS = 8;

const GROWTH = 5;
const JITTER = 0.2;
const MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled delay before attempt n+1 after n failed ones: base × 5^(n−1), spread ±20 %
 * so endpoints that failed together do not all come back in the same instant.
 */
export function retryDelayMs(
  attemptsMade: number,
  baseMs: number,
  random: () => number = Math.random,
): number {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 1) {
    throw new RangeError(`retryDelayMs needs at least one attempt made, got ${attemptsMade}`);
  }
  const scheduled = baseMs * GROWTH ** (attemptsMade - 1);
  return Math.round(scheduled * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * A Retry-After header value (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) as milliseconds
 * from now; a date in the past is 0. Anything else is ignored rather than guessed at.
 */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return Number.isSafeInteger(seconds) ? seconds * 1000 : undefined;
  }
  // Every HTTP-date form carries an hh:mm:ss time; requiring it keeps Date.parse's leniency
  // (which reads "1" or "May" as dates) from turning noise into a delay.
  if (!/\b\d{2}:\d{2}:\d{2}\b/.test(trimmed)) return undefined;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/**
 * When the next attempt is due after `attemptsMade` attempts: the schedule, lengthened to a
 * receiver's Retry-After, never beyond 24 h. `undefined` once every attempt is used.
 */
export function nextDelayMs(
  attemptsMade: number,
  baseMs: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined {
  if (attemptsMade >= MAX_ATTEMPTS) return undefined;
  const scheduled = retryDelayMs(attemptsMade, baseMs, random);
  return Math.min(Math.max(scheduled, retryAfterMs ?? 0), MAX_DELAY_MS);
}
