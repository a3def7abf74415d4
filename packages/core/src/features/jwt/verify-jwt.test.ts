import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, TEST_SECRET, type TestServer } from '../../testing/test-server.ts';
import { claimsOf, headerOf, signedIn, startJwtServer, tokenOf } from './jwt-test-kit.ts';
import { verifyJwt } from './verify-jwt.ts';

describe.each(testDialects())('verifyJwt (%s)', (dialect) => {
  let server: TestServer;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    server = await startJwtServer(dialect);
    const { client, user } = await signedIn(server);
    token = await tokenOf(client);
    userId = user.id;
  });
  afterAll(() => server.close());

  /** Signs arbitrary claims with the server's own current key, as if it had issued them. */
  const signWithServerKey = async (claims: Record<string, unknown>) => {
    const { kid, alg, key } = await present(server.auth.jwt).keys.signingKey();
    return new SignJWT(claims).setProtectedHeader({ alg, kid }).sign(key);
  };
  const iat = () => Math.floor(server.clock.now() / 1000);

  it('accepts its own token and returns the payload', async () => {
    const result = await verifyJwt(server.auth, token);
    expect(result).toEqual({ ok: true, payload: claimsOf(token) });
    expect(result.ok && result.payload.sub).toBe(userId);
  });

  it('expired: once the clock passes exp', async () => {
    const { client } = await signedIn(server);
    const shortLived = await tokenOf(client);
    server.clock.advance(900);
    expect(await verifyJwt(server.auth, shortLived)).toEqual({ ok: false, kind: 'expired' });
    server.clock.advance(-900);
    expect((await verifyJwt(server.auth, shortLived)).ok).toBe(true);
  });

  it('invalid-signature: a tampered payload or signature, or a kid that is not ours', async () => {
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claimsOf(token), sub: 'someone-else' })).toString(
      'base64url',
    );
    expect(await verifyJwt(server.auth, `${header}.${forged}.${signature}`)).toEqual({
      ok: false,
      kind: 'invalid-signature',
    });
    const flipped = `${present(signature).slice(0, -2)}${present(signature).endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await verifyJwt(server.auth, `${header}.${payload}.${flipped}`)).toEqual({
      ok: false,
      kind: 'invalid-signature',
    });
    const strangerHeader = Buffer.from(JSON.stringify({ alg: 'EdDSA', kid: 'unknown' })).toString(
      'base64url',
    );
    expect(await verifyJwt(server.auth, `${strangerHeader}.${payload}.${signature}`)).toEqual({
      ok: false,
      kind: 'invalid-signature',
    });
  });

  it('unsupported-algorithm: a header naming another algorithm than the key has', async () => {
    const { kid } = headerOf(token);
    const hmac = await new SignJWT(claimsOf(token))
      .setProtectedHeader({ alg: 'HS256', kid: present(kid) })
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect(await verifyJwt(server.auth, hmac)).toEqual({ ok: false, kind: 'unsupported-algorithm' });
    const [, payload] = token.split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url');
    expect(await verifyJwt(server.auth, `${none}.${payload}.`)).toEqual({
      ok: false,
      kind: 'unsupported-algorithm',
    });
  });

  it('malformed: not a JWT at all', async () => {
    for (const garbage of ['', 'not-a-jwt', 'a.b.c', `${token}.extra`]) {
      expect(await verifyJwt(server.auth, garbage)).toEqual({ ok: false, kind: 'malformed' });
    }
  });

  it('invalid-claims: wrong audience or issuer, missing sub, not yet valid', async () => {
    const base = { sub: userId, iat: iat(), exp: iat() + 900, iss: server.url, aud: server.url };
    const cases: Record<string, unknown>[] = [
      { ...base, aud: 'https://elsewhere.example' },
      { ...base, iss: 'https://elsewhere.example' },
      { ...base, sub: undefined },
      { ...base, nbf: iat() + 600 },
    ];
    for (const claims of cases) {
      const forged = await signWithServerKey(JSON.parse(JSON.stringify(claims)));
      expect(await verifyJwt(server.auth, forged)).toEqual({ ok: false, kind: 'invalid-claims' });
    }
    // The same claims with the right values pass, so it was the claim that failed.
    expect((await verifyJwt(server.auth, await signWithServerKey(base))).ok).toBe(true);
  });
});

describe('verifyJwt without the feature', () => {
  it('is a programming error', async () => {
    const server = await startTestServer('sqlite');
    try {
      await expect(verifyJwt(server.auth, 'a.b.c')).rejects.toThrow('jwt.enabled');
    } finally {
      await server.close();
    }
  });
});
