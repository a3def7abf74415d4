import { timingSafeEqual } from 'node:crypto';

/**
 * Compares two strings without leaking, through timing, where they first differ.
 * Lengths are compared first: a length mismatch reveals only the length, which every
 * caller here already knows (fixed-size hex keys and base64 signatures).
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}

/** The same for bytes: derived keys against stored ones, whose length the stored value already states. */
export function constantTimeEqualBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  return timingSafeEqual(a, b);
}
