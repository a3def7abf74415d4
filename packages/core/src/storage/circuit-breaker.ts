import type { SecondaryStorage } from './secondary-storage.ts';

export interface CircuitBreakerOptions {
  /** A call that has not answered by then counts as failed (the caller moves on). */
  timeoutMs: number;
  /** After a failure, calls fail at once for this long before one is tried again. */
  backoffMs: number;
  now?: () => number;
  /** Told once when an outage starts and once when it ends, not on every failed call. */
  log?: (message: string, error?: unknown) => void;
}

/** Thrown without trying the storage while the breaker is open. */
export class StorageUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('Shared storage is unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}

/**
 * Wraps shared storage (Redis) so an outage costs each caller at most `timeoutMs`, and then
 * nothing at all for `backoffMs`: calls fail at once while the breaker is open. After the
 * backoff one call is tried (the others still fail fast); its success closes the breaker and
 * records when the outage ended (`recoveredAt`), which the session cache uses to distrust caches
 * issued before (`session/cache-epoch.ts`).
 */
export function withCircuitBreaker(
  inner: SecondaryStorage,
  options: CircuitBreakerOptions,
): SecondaryStorage {
  const now = options.now ?? Date.now;
  let openUntil = 0;
  let down = false;
  let probing = false;
  let recoveredAt = 0;

  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    const probe = down;
    if (down && (now() < openUntil || probing)) throw new StorageUnavailableError();
    if (probe) probing = true;
    let timer: NodeJS.Timeout | undefined;
    let immediate: NodeJS.Immediate | undefined;
    try {
      const result = await Promise.race([
        work(),
        new Promise<never>((_, reject) => {
          // Timers run before I/O in each turn of the event loop: after a stall (a long GC, a
          // busy CPU) the timer would fire although the answer already waits in the socket. The
          // verdict waits one turn so that answer is read first and wins the race.
          timer = setTimeout(() => {
            immediate = setImmediate(() => reject(new Error(`no answer within ${options.timeoutMs} ms`)));
          }, options.timeoutMs);
        }),
      ]);
      if (down) {
        down = false;
        recoveredAt = now();
        options.log?.('Shared storage is reachable again');
      }
      return result;
    } catch (error) {
      if (!down) options.log?.('Shared storage is unreachable; falling back until it returns', error);
      down = true;
      openUntil = now() + options.backoffMs;
      throw new StorageUnavailableError(error);
    } finally {
      clearTimeout(timer);
      clearImmediate(immediate);
      if (probe) probing = false;
    }
  };

  return {
    get: (key) => call(() => inner.get(key)),
    set: (key, value, ttlSeconds) => call(() => inner.set(key, value, ttlSeconds)),
    delete: (key) => call(() => inner.delete(key)),
    close: inner.close && (() => inner.close?.() ?? Promise.resolve()),
    isAvailable: () => !down,
    recoveredAt: () => recoveredAt,
  };
}
