import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../crypto/constant-time.ts';

/** RFC 6238 as authenticator apps expect it: HMAC-SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/**
 * Codes of the previous and next step are accepted too, for clock drift (docs/protocol/two-factor.md#totp).
 */
const WINDOW = 1;

/** RFC 4226 HOTP: the dynamic truncation of HMAC-SHA-1(key, counter) as `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in: floor(unix seconds / period). */
export function totpStep(nowMs: number, periodSeconds = TOTP_PERIOD_SECONDS): number {
  return Math.floor(nowMs / (periodSeconds * 1000));
}

export function generateTotp(key: Uint8Array, nowMs: number, digits = TOTP_DIGITS): string {
  return hotp(key, totpStep(nowMs), digits);
}

/**
 * The newest step within ±1 step of now whose code equals `code` and that comes after
 * `acceptedBefore` (the last step already used: docs/protocol/two-factor.md#d1-each-totp-step-works-once), or
 * null. Every candidate is computed and compared in constant time, so the answer time says nothing about
 * which step matched.
 */
export function matchTotp(
  key: Uint8Array,
  code: string,
  nowMs: number,
  acceptedBefore = Number.NEGATIVE_INFINITY,
): number | null {
  const current = totpStep(nowMs);
  let matched: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step++) {
    if (constantTimeEqual(hotp(key, step), code) && step > acceptedBefore) matched = step;
  }
  return matched;
}
