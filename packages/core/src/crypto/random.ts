import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const LOWER_ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A random string over `alphabet`, drawn from the CSPRNG with rejection sampling so every
 * character is equally likely (a plain `byte % 62` would favour the first 8 characters).
 * 32 alphanumeric characters carry 32 × log2(62) ≈ 190 bits.
 */
export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Row ids and session tokens: 32 characters of A–Z a–z 0–9 (docs/protocol/core.md#ids-tokens-and-emails). */
export const generateId = (): string => randomString(32);

/** Tokens that travel in URLs where case may be lost: 32 characters of 0–9 a–z. */
export const generateLowerToken = (length = 32): string => randomString(length, LOWER_ALPHANUMERIC);
