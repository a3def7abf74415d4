import { describe, expect, it } from 'vitest';
import { encodeSignedValue } from '../http/signed-cookie.ts';
import { present } from '../testing/present.ts';
import { encodeCookieCache } from './cookie-cache.ts';
import { CookieVerifier } from './cookie-verifier.ts';

const SECRET = 'cookie-verifier-secret-of-at-least-32-chars';
const NOW = Date.UTC(2026, 10, 27);
const session = { id: 's1', token: 'tok', userId: 'u1', expiresAt: new Date(NOW + 86_400_000).toISOString() };
const user = { id: 'u1', name: 'Ada', email: 'ada@example.com', emailVerified: false };

describe('the cookie verifier', () => {
  it('remembers a verified value, and never answers for another value that ends the same way', () => {
    const verifier = new CookieVerifier(SECRET, {});
    const cache = present(encodeCookieCache(SECRET, session, user, NOW, NOW + 300_000));
    expect(verifier.cache(cache)?.session.token).toBe('tok');
    // Same tail (the signature's characters), different body: looked up under the same key.
    const forged = `A${cache.slice(1)}`;
    expect(forged.slice(-32)).toBe(cache.slice(-32));
    expect(verifier.cache(forged)).toBeNull();
    // The genuine value is still known.
    expect(verifier.cache(cache)?.user.email).toBe('ada@example.com');

    const token = encodeSignedValue(SECRET, 'session-token');
    expect(verifier.token(token)).toBe('session-token');
    const forgedToken = `x${token.slice(1)}`;
    expect(verifier.token(forgedToken)).toBeNull();
    expect(verifier.token(token)).toBe('session-token');
  });
});
