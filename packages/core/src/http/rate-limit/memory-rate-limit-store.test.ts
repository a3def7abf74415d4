import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from './memory-rate-limit-store.ts';

const rule = { windowMs: 10_000, max: 2 };
const T = 1_700_000_000_000;

describe('memory rate-limit store', () => {
  it('allows max requests per window, then refuses with the seconds left', () => {
    const store = createMemoryRateLimitStore();
    expect(store.consume('k', rule, T)).toEqual({ allowed: true, count: 1 });
    expect(store.consume('k', rule, T + 1000)).toEqual({ allowed: true, count: 2 });
    // The window restarted at the last allowed request: 10 s after T + 1 s, 8.5 s from now.
    expect(store.consume('k', rule, T + 2500)).toEqual({ allowed: false, retryAfterSeconds: 9 });
    expect(store.consume('k', rule, T + 10_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(store.consume('k', rule, T + 11_000)).toEqual({ allowed: true, count: 1 });
  });

  it('keeps keys apart', () => {
    const store = createMemoryRateLimitStore();
    store.consume('a', rule, T);
    store.consume('a', rule, T);
    expect(store.consume('a', rule, T)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(store.consume('b', rule, T)).toEqual({ allowed: true, count: 1 });
  });

  it('drops the key idle longest when full', () => {
    const store = createMemoryRateLimitStore(2);
    store.consume('a', rule, T);
    store.consume('a', rule, T);
    store.consume('b', rule, T + 1);
    // 'a' was allowed again after 'b', so 'b' is now the one idle longest.
    store.consume('a', { windowMs: 10_000, max: 3 }, T + 2);
    store.consume('c', rule, T + 3);
    expect(store.consume('a', { windowMs: 10_000, max: 3 }, T + 4)).toEqual({
      allowed: false,
      retryAfterSeconds: 10,
    });
    expect(store.consume('b', rule, T + 5)).toEqual({ allowed: true, count: 1 });
  });
});
