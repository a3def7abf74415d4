import { overLimits, type RefusedHash } from './hash-format.ts';

/**
 * The most work one stored hash may ask of a sign-in (docs/protocol/import.md#41-storage-and-sign-in-decision),
 * checked at import so a crafted file cannot make each sign-in cost minutes or gigabytes.
 */
export const LIMITS = {
  bcryptCost: 16,
  pbkdf2Iterations: 10_000_000,
  argon2MemoryKiB: 1_048_576,
  argon2Time: 64,
  argon2Parallelism: 16,
  scryptMemoryBytes: 1024 * 1024 * 1024,
  keyBytes: 1024,
  /** phpass's count is 2^n; docs/protocol/import.md#41-storage-and-sign-in-decision (DECISION) bounds n. */
  phpassLog2: 18,
} as const;

/** Below this many PBKDF2 iterations the format counts as weak (the table's column). */
export const WEAK_PBKDF2_ITERATIONS = 10_000;

export function pbkdf2Refusal(iterations: number, keyBytes: number): RefusedHash | null {
  if (iterations > LIMITS.pbkdf2Iterations)
    return overLimits(`PBKDF2 iterations ${iterations} (at most ${LIMITS.pbkdf2Iterations})`);
  return keyRefusal(keyBytes);
}

export function keyRefusal(keyBytes: number): RefusedHash | null {
  return keyBytes > LIMITS.keyBytes
    ? overLimits(`key length ${keyBytes} bytes (at most ${LIMITS.keyBytes})`)
    : null;
}

/** scrypt's memory is 128·N·r·p bytes, and N must be a power of two above 1. */
export function scryptRefusal(N: number, r: number, p: number, keyBytes: number): RefusedHash | null {
  if (N < 2 || !Number.isSafeInteger(N) || (N & (N - 1)) !== 0)
    return overLimits(`scrypt N ${N} is not a power of two`);
  if (128 * N * r * p > LIMITS.scryptMemoryBytes)
    return overLimits(`scrypt memory 128·N·r·p above ${LIMITS.scryptMemoryBytes} bytes`);
  return keyRefusal(keyBytes);
}

export function argon2Refusal(memoryKiB: number, time: number, parallelism: number, keyBytes: number) {
  if (memoryKiB > LIMITS.argon2MemoryKiB)
    return overLimits(`argon2 memory ${memoryKiB} KiB (at most ${LIMITS.argon2MemoryKiB})`);
  if (time > LIMITS.argon2Time) return overLimits(`argon2 time ${time} (at most ${LIMITS.argon2Time})`);
  if (parallelism > LIMITS.argon2Parallelism)
    return overLimits(`argon2 parallelism ${parallelism} (at most ${LIMITS.argon2Parallelism})`);
  return keyRefusal(keyBytes);
}
