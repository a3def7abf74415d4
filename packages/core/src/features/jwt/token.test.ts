import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';
import {
  claimsOf,
  headerOf,
  jwksOf,
  jwksRows,
  localKeySet,
  signedIn,
  startJwtServer,
  tokenOf,
} from './jwt-test-kit.ts';

describe.each(testDialects())('GET /token and GET /jwks (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startJwtServer(dialect);
  });
  afterAll(() => server.close());

  it('/jwks mints the first key when the table is empty, and lists the bare public JWK', async () => {
    const { keys } = await jwksOf(server.client());
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(Object.keys(present(key))).toEqual(['alg', 'crv', 'x', 'kty', 'kid']);
    expect(key).toMatchObject({ alg: 'EdDSA', crv: 'Ed25519', kty: 'OKP' });
    expect(key).not.toHaveProperty('d');
    const rows = await jwksRows(server);
    expect(rows.map((row) => row.id)).toEqual([present(key).kid]);
    // A second call lists the same key rather than minting another.
    expect((await jwksOf(server.client())).keys).toEqual(keys);
  });

  it('/token needs a session: 401 UNAUTHORIZED without one', async () => {
    expect(await errorOf(await server.client().get('/token'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
  });

  it("/token answers {token}: header {alg, kid}, Better Auth's claims in order, no-store", async () => {
    const { client, user } = await signedIn(server);
    const response = await client.get('/token');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { token: string };
    expect(Object.keys(body)).toEqual(['token']);

    const [row] = await jwksRows(server);
    expect(headerOf(body.token)).toEqual({ alg: 'EdDSA', kid: present(row).id });
    const claims = claimsOf(body.token);
    const iat = Math.floor(server.clock.now() / 1000);
    expect(Object.keys(claims)).toEqual([
      'iat',
      'id',
      'name',
      'email',
      'emailVerified',
      'image',
      'createdAt',
      'updatedAt',
      'sub',
      'exp',
      'iss',
      'aud',
    ]);
    const session = await (await client.get('/get-session')).json();
    expect(claims).toEqual({
      iat,
      ...session.user,
      sub: user.id,
      exp: iat + 900,
      // The origin, without the base path.
      iss: server.url,
      aud: server.url,
    });
  });

  it('the token verifies against /jwks with a standard JOSE key set', async () => {
    const { client, user } = await signedIn(server);
    const token = await tokenOf(client);
    const { payload, protectedHeader } = await jwtVerify(token, await localKeySet(server.client()), {
      issuer: server.url,
      audience: server.url,
      currentDate: new Date(server.clock.now()),
    });
    expect(payload.sub).toBe(user.id);
    expect(protectedHeader.alg).toBe('EdDSA');
  });

  it('the session is read from the database, not the cookie cache: a session gone there gets 401', async () => {
    const { client, user } = await signedIn(server);
    expect(claimsOf(await tokenOf(client)).sub).toBe(user.id);
    await server.database.db.deleteFrom('session').where('userId', '=', user.id).execute();
    expect(await errorOf(await client.get('/token'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
  });
});

describe('JWT options', () => {
  it('issuer, audience and lifetime are configurable', async () => {
    const server = await startJwtServer('sqlite', {
      issuer: 'https://issuer.example',
      audience: ['https://api.example', 'https://other.example'],
      expiresIn: 60,
    });
    try {
      const { client } = await signedIn(server);
      const claims = claimsOf(await tokenOf(client));
      expect(claims).toMatchObject({
        iss: 'https://issuer.example',
        aud: ['https://api.example', 'https://other.example'],
      });
      expect(present(claims.exp) - present(claims.iat)).toBe(60);
    } finally {
      await server.close();
    }
  });

  it('the payload carries additional user fields (the admin role here)', async () => {
    const server = await startJwtServer('sqlite', {}, { admin: { enabled: true } });
    try {
      const { client } = await signedIn(server);
      expect(claimsOf(await tokenOf(client))).toMatchObject({ role: 'user', banned: false });
    } finally {
      await server.close();
    }
  });

  it.each([
    ['ES256', { kty: 'EC', crv: 'P-256' }],
    ['ES512', { kty: 'EC', crv: 'P-521' }],
    ['PS256', { kty: 'RSA' }],
    ['RS256', { kty: 'RSA' }],
  ] as const)('algorithm %s mints a matching key that verifies', async (algorithm, shape) => {
    const server = await startJwtServer('sqlite', { algorithm });
    try {
      const { client } = await signedIn(server);
      const token = await tokenOf(client);
      expect(headerOf(token).alg).toBe(algorithm);
      const { keys } = await jwksOf(client);
      expect(keys[0]).toMatchObject({ alg: algorithm, ...shape });
      const [row] = await jwksRows(server);
      expect(row).toMatchObject({ alg: algorithm, crv: 'crv' in shape ? shape.crv : null });
      await jwtVerify(token, await localKeySet(client), { currentDate: new Date(server.clock.now()) });
    } finally {
      await server.close();
    }
  });

  it('rejects settings that cannot work, at start-up', async () => {
    await expect(startJwtServer('sqlite', { expiresIn: 0 })).rejects.toThrow('jwt.expiresIn');
    await expect(startJwtServer('sqlite', { rotationInterval: -1 })).rejects.toThrow('jwt.rotationInterval');
    await expect(startJwtServer('sqlite', { algorithm: 'HS256' as never })).rejects.toThrow('not supported');
  });

  it('with the feature off, /token and /jwks are not routed and auth.api has no such functions', async () => {
    const server = await startTestServer('sqlite');
    try {
      const { client } = await signedIn(server);
      expect((await client.get('/token')).status).toBe(404);
      expect((await client.get('/jwks')).status).toBe(404);
      expect(server.auth.jwt).toBeUndefined();
      expect(Object.keys(server.auth.api)).not.toContain('getToken');
      expect(await jwksRows(server)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
