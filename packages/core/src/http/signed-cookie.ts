import { signValue, verifySignature } from '../crypto/hmac.ts';

/**
 * `{value}.{signature}` percent-encoded, the wire form of a signed cookie
 * (docs/protocol/core.md#signed-cookies).
 */
export function encodeSignedValue(secret: string, value: string): string {
  return encodeURIComponent(`${value}.${signValue(secret, value)}`);
}

/**
 * Reads a signed cookie value; anything malformed or wrongly signed reads as absent, so a
 * tampered cookie behaves exactly like no cookie at all.
 */
export function decodeSignedValue(secret: string, raw: string | undefined): string | null {
  if (!raw) return null;
  let decoded = raw;
  if (raw.includes('%')) {
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const value = decoded.slice(0, dot);
  const signature = decoded.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  return verifySignature(secret, value, signature) ? value : null;
}
