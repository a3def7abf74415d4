import { describe, expect, it } from 'vitest';
import { present } from '../testing/present.ts';
import { decodeCookieCache, encodeCookieCache, MAX_CACHE_COOKIE_LENGTH } from './cookie-cache.ts';

const SECRET = 'cookie-cache-secret-of-at-least-32-chars';
const NOW = Date.UTC(2026, 10, 22);

const session = (token = 'tok') => ({
  id: 's1',
  token,
  userId: 'u1',
  expiresAt: new Date(NOW + 86_400_000).toISOString(),
});
const user = (name = 'Ada') => ({ id: 'u1', name, email: 'ada@example.com', emailVerified: false });

describe('cookie cache', () => {
  it('round-trips a session and user', () => {
    const value = present(encodeCookieCache(SECRET, session(), user(), NOW, NOW + 300_000));
    const cache = decodeCookieCache(SECRET, value, 'tok', NOW + 1000);
    expect(cache).toMatchObject({ session: session(), user: user(), updatedAt: NOW, version: '1' });
  });

  it('is never longer than 4093 characters: an oversized payload is not encoded', () => {
    expect(
      present(encodeCookieCache(SECRET, session(), user('x'.repeat(2000)), NOW, NOW + 300_000)).length,
    ).toBeLessThanOrEqual(MAX_CACHE_COOKIE_LENGTH);
    expect(encodeCookieCache(SECRET, session(), user('x'.repeat(4000)), NOW, NOW + 300_000)).toBeNull();
  });

  it('finds the exact size boundary at 4093 characters', () => {
    let name = '';
    let last: string | null = '';
    while (last !== null) {
      name += 'x';
      last = encodeCookieCache(SECRET, session(), user(name), NOW, NOW + 300_000);
      if (last) expect(last.length).toBeLessThanOrEqual(4093);
    }
    const fitting = present(
      encodeCookieCache(SECRET, session(), user(name.slice(0, -3)), NOW, NOW + 300_000),
    );
    expect(fitting.length).toBeGreaterThan(4093 - 8);
  });

  it('rejects a payload signed with another secret', () => {
    const value = present(
      encodeCookieCache('another-secret-another-secret-another', session(), user(), NOW, NOW + 300_000),
    );
    expect(decodeCookieCache(SECRET, value, 'tok', NOW)).toBeNull();
  });

  it('rejects an edited payload', () => {
    const value = present(encodeCookieCache(SECRET, session(), user(), NOW, NOW + 300_000));
    const payload = JSON.parse(Buffer.from(value, 'base64url').toString());
    payload.session.user.email = 'mallory@example.com';
    expect(
      decodeCookieCache(SECRET, Buffer.from(JSON.stringify(payload)).toString('base64url'), 'tok', NOW),
    ).toBeNull();
  });

  it('rejects a cache past its own expiry, or whose session has expired', () => {
    const value = present(encodeCookieCache(SECRET, session(), user(), NOW, NOW + 300_000));
    expect(decodeCookieCache(SECRET, value, 'tok', NOW + 300_001)).toBeNull();
    const expiredSession = { ...session(), expiresAt: new Date(NOW - 1).toISOString() };
    expect(
      decodeCookieCache(
        SECRET,
        present(encodeCookieCache(SECRET, expiredSession, user(), NOW, NOW + 300_000)),
        'tok',
        NOW,
      ),
    ).toBeNull();
  });

  it('rejects a cache that belongs to another session token', () => {
    const value = present(encodeCookieCache(SECRET, session('other'), user(), NOW, NOW + 300_000));
    expect(decodeCookieCache(SECRET, value, 'tok', NOW)).toBeNull();
  });

  it('rejects garbage without throwing', () => {
    expect(decodeCookieCache(SECRET, 'not base64 json', 'tok', NOW)).toBeNull();
    expect(
      decodeCookieCache(SECRET, Buffer.from('{"session":1}').toString('base64url'), 'tok', NOW),
    ).toBeNull();
  });
});
