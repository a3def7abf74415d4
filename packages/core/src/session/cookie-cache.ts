import { constantTimeEqual } from '../crypto/constant-time.ts';
import { signValueBase64Url } from '../crypto/hmac.ts';

/** Spec section 5: the cached session data never exceeds 4093 characters (one cookie, no chunks). */
export const MAX_CACHE_COOKIE_LENGTH = 4093;

/** The cached copy of a session read (contract §4.4, `compact` strategy). */
export interface CachedSession {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
  updatedAt: number;
  version: string;
}

const CACHE_VERSION = '1';

/**
 * Encodes the cache cookie: base64url of `{session: <cache>, expiresAt, signature}` where the
 * signature covers the cache object with `expiresAt` appended. Returns null when the result would
 * exceed the size limit; the caller then leaves the session to be read from storage.
 */
export function encodeCookieCache(
  secret: string,
  session: Record<string, unknown>,
  user: Record<string, unknown>,
  nowMs: number,
  expiresAtMs: number,
): string | null {
  const cache: CachedSession = { session, user, updatedAt: nowMs, version: CACHE_VERSION };
  const signature = signValueBase64Url(secret, JSON.stringify({ ...cache, expiresAt: expiresAtMs }));
  const value = Buffer.from(JSON.stringify({ session: cache, expiresAt: expiresAtMs, signature })).toString(
    'base64url',
  );
  return value.length <= MAX_CACHE_COOKIE_LENGTH ? value : null;
}

/**
 * Decodes and checks a cache cookie: signature, version, its own expiry and the session's expiry,
 * and that it belongs to the session token presented. Anything else reads as no cache.
 */
export function decodeCookieCache(
  secret: string,
  value: string,
  token: string,
  nowMs: number,
): CachedSession | null {
  if (value.length > MAX_CACHE_COOKIE_LENGTH) return null;
  let payload: { session?: CachedSession; expiresAt?: number; signature?: string };
  try {
    payload = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const cache = payload?.session;
  if (!cache || typeof payload.expiresAt !== 'number' || typeof payload.signature !== 'string') return null;
  // Re-serialising the parsed object in its received key order reproduces the signed text.
  const expected = signValueBase64Url(secret, JSON.stringify({ ...cache, expiresAt: payload.expiresAt }));
  if (!constantTimeEqual(expected, payload.signature)) return null;
  if ((cache.version ?? CACHE_VERSION) !== CACHE_VERSION) return null;
  if (payload.expiresAt < nowMs) return null;
  if (cache.session?.token !== token) return null;
  const sessionExpiry = Date.parse(String(cache.session.expiresAt));
  if (!(sessionExpiry >= nowMs)) return null;
  return cache;
}
