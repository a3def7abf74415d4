/**
 * Retrying failed calls (docs/protocol/core.md#product-constants): a number means that many linear retries 1
 * s apart; the object forms choose linear or exponential backoff explicitly.
 */
export type RetryOption =
  | number
  | { type: 'linear'; attempts: number; delayMs?: number }
  | { type: 'exponential'; attempts: number; baseDelayMs?: number; maxDelayMs?: number };

export interface RetryPlan {
  attempts: number;
  /** Delay before retry number `n` (1-based). */
  delay(n: number): number;
}

export function retryPlan(option: RetryOption | undefined): RetryPlan {
  if (option === undefined) return { attempts: 0, delay: () => 0 };
  if (typeof option === 'number') return { attempts: option, delay: () => 1000 };
  if (option.type === 'linear') {
    const delayMs = option.delayMs ?? 1000;
    return { attempts: option.attempts, delay: () => delayMs };
  }
  const base = option.baseDelayMs ?? 1000;
  const max = option.maxDelayMs ?? 30_000;
  return { attempts: option.attempts, delay: (n) => Math.min(max, base * 2 ** (n - 1)) };
}

/** Worth another try: no answer at all, a timeout, rate limiting or a server-side failure. */
export const isRetryable = (status: number | null): boolean =>
  status === null || status === 408 || status === 429 || (status >= 500 && status !== 501);
