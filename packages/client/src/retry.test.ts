import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './create-client.ts';
import { GatehouseError, NETWORK_ERROR } from './errors.ts';
import { isRetryable, retryPlan } from './retry.ts';

describe('retryPlan', () => {
  const delays = (plan: { delay(n: number): number }, count: number) =>
    Array.from({ length: count }, (_, i) => plan.delay(i + 1));

  it('no option means no retries', () => {
    expect(retryPlan(undefined).attempts).toBe(0);
  });

  it('a number means that many linear retries 1 s apart', () => {
    const plan = retryPlan(3);
    expect(plan.attempts).toBe(3);
    expect(delays(plan, 3)).toEqual([1000, 1000, 1000]);
    expect(retryPlan(0).attempts).toBe(0);
  });

  it('linear: 1 s by default, or the given delay', () => {
    expect(delays(retryPlan({ type: 'linear', attempts: 2 }), 2)).toEqual([1000, 1000]);
    const plan = retryPlan({ type: 'linear', attempts: 4, delayMs: 250 });
    expect(plan.attempts).toBe(4);
    expect(delays(plan, 4)).toEqual([250, 250, 250, 250]);
  });

  it('exponential: doubles from 1 s by default, capped at 30 s by default', () => {
    const plan = retryPlan({ type: 'exponential', attempts: 7 });
    expect(plan.attempts).toBe(7);
    expect(delays(plan, 7)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('exponential: custom base and cap', () => {
    const plan = retryPlan({ type: 'exponential', attempts: 5, baseDelayMs: 100, maxDelayMs: 500 });
    expect(delays(plan, 5)).toEqual([100, 200, 400, 500, 500]);
  });
});

describe('isRetryable', () => {
  it('retries no answer, 408, 429 and 5xx other than 501', () => {
    for (const status of [null, 408, 429, 500, 502, 503, 504]) expect(isRetryable(status)).toBe(true);
  });

  it('does not retry client errors or 501', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 501]) expect(isRetryable(status)).toBe(false);
  });
});

/**
 * A unit test of the retry loop in `createClient`: `fetch` is a fake answering from a script, and
 * timers are faked, so each wait is observed exactly. (Real-server behaviour is in
 * create-client.test.ts.)
 */
describe('createClient retry loop', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  type Step = number | 'network-error';
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  /**
   * A fake fetch playing `script` (one step per call; the last step repeats). Like the real one,
   * it rejects at once when the signal is already aborted, and records when each request was sent.
   */
  function fakeFetch(script: Step[]) {
    const lastStep = script.at(-1);
    if (lastStep === undefined) throw new Error('a fake fetch needs at least one step');
    const sentAt: number[] = [];
    const gaps: number[] = [];
    const fn = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      if (init?.signal?.aborted) throw init.signal.reason;
      const step = script[sentAt.length] ?? lastStep;
      const now = Date.now();
      const previous = sentAt.at(-1);
      if (previous !== undefined) gaps.push(now - previous);
      sentAt.push(now);
      if (step === 'network-error') throw new TypeError('fetch failed');
      if (step === 200) return json(200, { session: null, ok: true });
      return json(step, { code: `CODE_${step}`, message: `failed with ${step}` });
    });
    return { fn, sentAt, gaps: () => gaps };
  }

  /** Settles the promise into a value so it can be observed while timers advance. */
  function settle<T>(promise: Promise<T>) {
    const state: { done: boolean; value?: T; error?: unknown } = { done: false };
    promise.then(
      (value) => {
        state.done = true;
        state.value = value;
      },
      (error: unknown) => {
        state.done = true;
        state.error = error;
      },
    );
    return state;
  }

  it('retry: 2 retries a 503 twice, 1 s apart, then rejects with the last error', async () => {
    const fake = fakeFetch([503]);
    const client = createClient({ fetch: fake.fn, retry: 2 });
    const outcome = settle(client.getSession());

    await vi.advanceTimersByTimeAsync(0);
    expect(fake.fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.fn).toHaveBeenCalledTimes(2);
    expect(outcome.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.fn).toHaveBeenCalledTimes(3);

    expect(outcome.done).toBe(true);
    expect(outcome.error).toBeInstanceOf(GatehouseError);
    expect(outcome.error).toMatchObject({ status: 503, code: 'CODE_503', message: 'failed with 503' });
    expect(fake.gaps()).toEqual([1000, 1000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.fn).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves with the answer when the second try succeeds', async () => {
    const fake = fakeFetch([503, 200]);
    const client = createClient({ fetch: fake.fn, retry: 2 });
    const outcome = settle(client.getSession());
    await vi.advanceTimersByTimeAsync(1000);
    expect(outcome).toEqual({ done: true, value: { session: null, ok: true } });
    expect(fake.fn).toHaveBeenCalledTimes(2);
    await vi.runAllTimersAsync();
    expect(fake.fn).toHaveBeenCalledTimes(2);
  });

  it('a call’s own retry option overrides the client’s', async () => {
    const fake = fakeFetch([503]);
    const client = createClient({ fetch: fake.fn, retry: 5 });
    const outcome = settle(client.getSession(undefined, { retry: 1 }));
    await vi.runAllTimersAsync();
    expect(outcome.error).toMatchObject({ status: 503 });
    expect(fake.fn).toHaveBeenCalledTimes(2);
  });

  it('without a retry option a failure rejects at once', async () => {
    const fake = fakeFetch([503]);
    const client = createClient({ fetch: fake.fn });
    const outcome = settle(client.getSession());
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.error).toMatchObject({ status: 503 });
    expect(fake.fn).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry a %i', async (status) => {
    const fake = fakeFetch([status, 200]);
    const client = createClient({ fetch: fake.fn, retry: 3 });
    const outcome = settle(client.signInEmail({ email: 'a@example.com', password: 'pw' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.done).toBe(true);
    expect(outcome.error).toMatchObject({ status, code: `CODE_${status}` });
    expect(vi.getTimerCount()).toBe(0);
    expect(fake.fn).toHaveBeenCalledTimes(1);
  });

  it('retries network errors, which reject with NETWORK_ERROR once retries run out', async () => {
    const fake = fakeFetch(['network-error']);
    const client = createClient({ fetch: fake.fn, retry: 2 });
    const outcome = settle(client.getSession());
    await vi.runAllTimersAsync();
    expect(fake.fn).toHaveBeenCalledTimes(3);
    expect(fake.gaps()).toEqual([1000, 1000]);
    expect(outcome.error).toBeInstanceOf(GatehouseError);
    expect(outcome.error).toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it('recovers from a network error on the next try', async () => {
    const fake = fakeFetch(['network-error', 200]);
    const client = createClient({ fetch: fake.fn, retry: 1 });
    const outcome = settle(client.getSession());
    await vi.runAllTimersAsync();
    expect(outcome.value).toEqual({ session: null, ok: true });
    expect(fake.fn).toHaveBeenCalledTimes(2);
  });

  it.each([429, 408, 500, 502])('retries a %i', async (status) => {
    const fake = fakeFetch([status, status, 200]);
    const client = createClient({ fetch: fake.fn, retry: 2 });
    const outcome = settle(client.getSession());
    await vi.runAllTimersAsync();
    expect(outcome.value).toEqual({ session: null, ok: true });
    expect(fake.gaps()).toEqual([1000, 1000]);
  });

  it('linear retries wait the configured delay', async () => {
    const fake = fakeFetch([503]);
    const client = createClient({ fetch: fake.fn, retry: { type: 'linear', attempts: 3, delayMs: 250 } });
    const outcome = settle(client.getSession());
    await vi.runAllTimersAsync();
    expect(fake.gaps()).toEqual([250, 250, 250]);
    expect(outcome.error).toMatchObject({ status: 503 });
  });

  it('exponential backoff waits 1 s, then 2 s, then 4 s', async () => {
    const fake = fakeFetch([503]);
    const client = createClient({ fetch: fake.fn, retry: { type: 'exponential', attempts: 3 } });
    const outcome = settle(client.getSession());

    await vi.advanceTimersByTimeAsync(999);
    expect(fake.fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fake.fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.fn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fake.fn).toHaveBeenCalledTimes(4);

    expect(fake.gaps()).toEqual([1000, 2000, 4000]);
    expect(outcome.error).toMatchObject({ status: 503 });
  });

  it('exponential backoff stops growing at maxDelayMs', async () => {
    const fake = fakeFetch([503]);
    const client = createClient({
      fetch: fake.fn,
      retry: { type: 'exponential', attempts: 4, baseDelayMs: 1000, maxDelayMs: 3000 },
    });
    const outcome = settle(client.getSession());
    await vi.runAllTimersAsync();
    expect(fake.gaps()).toEqual([1000, 2000, 3000, 3000]);
    expect(outcome.done).toBe(true);
  });

  it('an aborted signal stops retrying: no request is sent after the abort', async () => {
    const fake = fakeFetch([503]);
    const client = createClient({ fetch: fake.fn, retry: 5 });
    const controller = new AbortController();
    const outcome = settle(client.getSession(undefined, { signal: controller.signal }));

    await vi.advanceTimersByTimeAsync(500);
    expect(fake.sentAt).toHaveLength(1);
    controller.abort();
    await vi.runAllTimersAsync();

    expect(outcome.done).toBe(true);
    expect(outcome.error).toBeInstanceOf(DOMException);
    expect((outcome.error as DOMException).name).toBe('AbortError');
    expect(fake.sentAt).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a signal aborted while a request is in flight rejects at once, without retrying', async () => {
    const controller = new AbortController();
    let sent = 0;
    const fetchUntilAborted = vi.fn(
      (_input: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          sent++;
          const signal = init?.signal;
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const client = createClient({ fetch: fetchUntilAborted, retry: 5 });
    const outcome = settle(client.getSession(undefined, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.done).toBe(true);
    expect((outcome.error as Error).name).toBe('AbortError');
    expect(outcome.error).not.toBeInstanceOf(GatehouseError);
    expect(sent).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an error body that is not JSON still rejects with the status, and is retried', async () => {
    let calls = 0;
    const client = createClient({
      retry: 1,
      fetch: async () => {
        calls++;
        return new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
      },
    });
    const outcome = settle(client.getSession());
    await vi.runAllTimersAsync();
    expect(calls).toBe(2);
    expect(outcome.error).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' });
  });
});
