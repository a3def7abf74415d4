import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseCookieHeader } from '../http/cookies.ts';
import { decodeSignedValue, encodeSignedValue } from '../http/signed-cookie.ts';
import { constantTimeEqual } from './constant-time.ts';
import { symmetricDecrypt, symmetricEncrypt } from './encryption.ts';
import { signValue } from './hmac.ts';
import { generateId, randomString } from './random.ts';

const SECRET = 'primitives-secret-of-at-least-32-chars';

describe('HMAC cookie signatures', () => {
  it('are standard padded base64 of HMAC-SHA256: 44 characters ending in =', () => {
    const signature = signValue(SECRET, 'token123');
    expect(signature).toHaveLength(44);
    expect(signature.endsWith('=')).toBe(true);
    // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
    expect(Buffer.from(signValue('Jefe', 'what do ya want for nothing?'), 'base64').toString('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signed cookie values are percent-encoded token.signature and read back', () => {
    const wire = encodeSignedValue(SECRET, 'abc');
    expect(decodeURIComponent(wire)).toBe(
      `abc.${createHmac('sha256', SECRET).update('abc').digest('base64')}`,
    );
    expect(decodeSignedValue(SECRET, wire)).toBe('abc');
    expect(
      decodeSignedValue(SECRET, parseCookieHeader(`a=1; session="${wire}"; session=second`).get('session')),
    ).toBe('abc');
  });

  it('a wrong, truncated or missing signature reads as no cookie', () => {
    const wire = decodeURIComponent(encodeSignedValue(SECRET, 'abc'));
    expect(decodeSignedValue('another-secret', wire)).toBeNull();
    expect(decodeSignedValue(SECRET, wire.slice(0, -2))).toBeNull();
    expect(decodeSignedValue(SECRET, 'abc')).toBeNull();
    expect(decodeSignedValue(SECRET, `.${wire.split('.')[1]}`)).toBeNull();
    expect(decodeSignedValue(SECRET, '%E0%A4%A')).toBeNull();
  });
});

describe('XChaCha20-Poly1305 symmetric encryption', () => {
  it('round-trips and uses a fresh 24-byte nonce every time', () => {
    const a = symmetricEncrypt(SECRET, 'access-token');
    const b = symmetricEncrypt(SECRET, 'access-token');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]+$/);
    // nonce (24) + plaintext (12) + Poly1305 tag (16) bytes, as hex.
    expect(a).toHaveLength((24 + 12 + 16) * 2);
    expect(symmetricDecrypt(SECRET, a)).toBe('access-token');
  });

  it('refuses tampered data and the wrong key', () => {
    const sealed = symmetricEncrypt(SECRET, 'secret data');
    const flipped = sealed.slice(0, -1) + (sealed.at(-1) === '0' ? '1' : '0');
    expect(() => symmetricDecrypt(SECRET, flipped)).toThrow();
    expect(() => symmetricDecrypt('another-secret', sealed)).toThrow();
  });
});

describe('random identifiers and comparisons', () => {
  it('ids are 32 alphanumeric characters and do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, generateId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('draws every alphabet character (rejection sampling keeps them uniform)', () => {
    const seen = new Set(randomString(20_000, 'abc'));
    expect([...seen].sort()).toEqual(['a', 'b', 'c']);
  });

  it('constant-time comparison is exact', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});
