import { CompactSign, decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.ts';

const SECRET = 'unit-test-secret-that-is-at-least-32-characters';
const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);
const key = new TextEncoder().encode(SECRET);

describe('HS256 signed tokens (docs/protocol/core.md#signed-tokens)', () => {
  it('sign {alg: HS256} with the claims, then iat and exp = iat + 3600 by default', async () => {
    const token = await signToken(SECRET, { email: 'a@example.com' }, NOW);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256' });
    const iat = Math.floor(NOW / 1000);
    const claims = decodeJwt(token);
    expect(claims).toEqual({ email: 'a@example.com', iat, exp: iat + 3600 });
    expect(Object.keys(claims)).toEqual(['email', 'iat', 'exp']);
    expect(await verifyToken(SECRET, token, NOW)).toEqual({ ok: true, claims });
  });

  it('expired: at exp and after, not before', async () => {
    const token = await signToken(SECRET, {}, NOW, 60);
    expect((await verifyToken(SECRET, token, NOW + 59_000)).ok).toBe(true);
    expect(await verifyToken(SECRET, token, NOW + 60_000)).toEqual({ ok: false, kind: 'expired' });
  });

  it('invalid-signature: another secret, or a tampered payload', async () => {
    const token = await signToken(SECRET, { userId: 'u1' }, NOW);
    expect(await verifyToken(`${SECRET}-other`, token, NOW)).toEqual({
      ok: false,
      kind: 'invalid-signature',
    });
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), userId: 'u2' })).toString('base64url');
    expect(await verifyToken(SECRET, `${header}.${payload}.${signature}`, NOW)).toEqual({
      ok: false,
      kind: 'invalid-signature',
    });
  });

  it('unsupported-algorithm: only HS256 is accepted, even with the right key', async () => {
    const hs512 = await new SignJWT({}).setProtectedHeader({ alg: 'HS512' }).sign(key);
    expect(await verifyToken(SECRET, hs512, NOW)).toEqual({ ok: false, kind: 'unsupported-algorithm' });
    const unsecured = new UnsecuredJWT({}).encode();
    expect(await verifyToken(SECRET, unsecured, NOW)).toEqual({ ok: false, kind: 'unsupported-algorithm' });
  });

  it('invalid-claims: a token not valid yet', async () => {
    const token = await signToken(SECRET, { nbf: Math.floor(NOW / 1000) + 600 }, NOW);
    expect(await verifyToken(SECRET, token, NOW)).toEqual({ ok: false, kind: 'invalid-claims' });
  });

  it('malformed: anything that is not a compact JWS with a JSON claims set', async () => {
    // Correctly signed, but the payload is not a JSON object.
    const notJson = await new CompactSign(new TextEncoder().encode('not json'))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(key);
    for (const garbage of ['', 'garbage', 'a.b.c', notJson]) {
      expect(await verifyToken(SECRET, garbage, NOW)).toEqual({ ok: false, kind: 'malformed' });
    }
  });
});
