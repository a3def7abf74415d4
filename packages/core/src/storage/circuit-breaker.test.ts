import { describe, expect, it } from 'vitest';
import { StorageUnavailableError, withCircuitBreaker } from './circuit-breaker.ts';
import { createMemoryStorage } from './memory-storage.ts';
import type { SecondaryStorage } from './secondary-storage.ts';

/** Memory storage that can be made to hang or fail, counting the calls that reach it. */
function flakyStorage() {
  const inner = createMemoryStorage();
  const state = { mode: 'up' as 'up' | 'hang' | 'fail', calls: 0 };
  const gate = <T>(work: () => Promise<T>): Promise<T> => {
    state.calls++;
    if (state.mode === 'hang') return new Promise<T>(() => {});
    if (state.mode === 'fail') return Promise.reject(new Error('ECONNREFUSED'));
    return work();
  };
  const storage: SecondaryStorage = {
    get: (key) => gate(() => inner.get(key)),
    set: (key, value, ttl) => gate(() => inner.set(key, value, ttl)),
    delete: (key) => gate(() => inner.delete(key)),
  };
  return { storage, state };
}

describe('the shared-storage circuit breaker', () => {
  it('gives up on a hung call after the timeout, then fails at once for the backoff', async () => {
    const { storage, state } = flakyStorage();
    let time = 0;
    const messages: string[] = [];
    const breaker = withCircuitBreaker(storage, {
      timeoutMs: 50,
      backoffMs: 1000,
      now: () => time,
      log: (message) => messages.push(message),
    });
    await breaker.set('k', 'v', 60);
    expect(breaker.isAvailable?.()).toBe(true);

    state.mode = 'hang';
    const start = performance.now();
    await expect(breaker.get('k')).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(performance.now() - start).toBeLessThan(200);
    expect(breaker.isAvailable?.()).toBe(false);

    const callsBefore = state.calls;
    time = 500;
    await expect(breaker.get('k')).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(state.calls).toBe(callsBefore);

    // After the backoff one call is tried; it fails again and the breaker stays open.
    time = 1000;
    state.mode = 'fail';
    await expect(breaker.get('k')).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(state.calls).toBe(callsBefore + 1);

    time = 2000;
    state.mode = 'up';
    expect(await breaker.get('k')).toBe('v');
    expect(breaker.isAvailable?.()).toBe(true);
    expect(breaker.recoveredAt?.()).toBe(2000);
    // One line when the outage began, one when it ended.
    expect(messages).toEqual([
      'Shared storage is unreachable; falling back until it returns',
      'Shared storage is reachable again',
    ]);
  });

  it('lets only one call probe after the backoff; the others still fail at once', async () => {
    const { storage, state } = flakyStorage();
    let time = 0;
    const breaker = withCircuitBreaker(storage, { timeoutMs: 50, backoffMs: 100, now: () => time });
    state.mode = 'fail';
    await expect(breaker.get('k')).rejects.toThrow();
    time = 200;
    state.mode = 'hang';
    const calls = state.calls;
    const results = await Promise.allSettled([breaker.get('a'), breaker.get('b'), breaker.get('c')]);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(state.calls).toBe(calls + 1);
  });
});
