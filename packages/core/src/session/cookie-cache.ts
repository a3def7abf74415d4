import { constantTimeEqual } from '../crypto/constant-time.ts';
import { signValueBase64Url } from '../crypto/hmac.ts';

/**
 * docs/protocol/core.md#cookie-cache: the cached session data never exceeds 4093 characters (one cookie, no
 * chunks).
 */
export const MAX_CACHE_COOKIE_LENGTH = 4093;

/** The cached copy of a session read (docs/protocol/core.md#cookie-cache, `compact` strategy). */
export interface CachedSession {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
  updatedAt: number;
  version: string;
}

/** A cache cookie whose signature and shape have been checked; time checks still apply. */
export interface VerifiedCache {
  cache: CachedSession;
  /** When the cache itself stops answering (epoch ms). */
  expiresAt: number;
  /** When the cached session expires (epoch ms). */
  sessionExpiresAt: number;
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

/** Checks a cache cookie's signature, version and shape. The result depends on nothing but its inputs. */
export function verifyCookieCache(secret: string, value: string): VerifiedCache | null {
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
  if (typeof cache.session?.token !== 'string' || typeof cache.user?.id !== 'string') return null;
  const sessionExpiresAt = Date.parse(String(cache.session.expiresAt));
  if (Number.isNaN(sessionExpiresAt)) return null;
  return { cache, expiresAt: payload.expiresAt, sessionExpiresAt };
}

/** A verified cache answers only for its own session token, before both it and the session expire. */
export function isCacheUsable(verified: VerifiedCache, token: string, nowMs: number): boolean {
  return (
    verified.cache.session.token === token &&
    verified.expiresAt >= nowMs &&
    verified.sessionExpiresAt >= nowMs
  );
}

/** Verify then check usability: the whole decision for one request. */
export function decodeCookieCache(
  secret: string,
  value: string,
  token: string,
  nowMs: number,
): CachedSession | null {
  const verified = verifyCookieCache(secret, value);
  return verified && isCacheUsable(verified, token, nowMs) ? verified.cache : null;
}
