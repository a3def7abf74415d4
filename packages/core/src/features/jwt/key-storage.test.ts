import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../../create-auth.ts';
import { symmetricDecrypt, symmetricEncrypt } from '../../crypto/encryption.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { TEST_SECRET, type TestServer } from '../../testing/test-server.ts';
import { jwksRows, signedIn, startJwtServer, tokenOf } from './jwt-test-kit.ts';
import { decodePrivateKey } from './private-key-codec.ts';

describe.each(testDialects())('the jwks table (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startJwtServer(dialect);
  });
  afterAll(() => server.close());

  it("holds Better Auth's jwks columns: bare public JWK, alg, crv, no expiry without rotation", async () => {
    const { client } = await signedIn(server);
    await tokenOf(client);
    const [row] = await jwksRows(server);
    expect(Object.keys(present(row)).sort()).toEqual([
      'alg',
      'createdAt',
      'crv',
      'expiresAt',
      'id',
      'privateKey',
      'publicKey',
    ]);
    expect(row).toMatchObject({ alg: 'EdDSA', crv: 'Ed25519', expiresAt: null });
    expect(present(row).id).toMatch(/^[A-Za-z0-9]{32}$/);
    const publicJwk = JSON.parse(present(row).publicKey);
    expect(Object.keys(publicJwk).sort()).toEqual(['crv', 'kty', 'x']);
  });

  it('stores the private key encrypted, as a JSON-quoted hex string that decrypts with the secret', async () => {
    const [row] = await jwksRows(server);
    const stored = present(row).privateKey;
    // Nothing of the JWK is readable: the column is one JSON string of hex.
    expect(stored).toMatch(/^"[0-9a-f]+"$/);
    expect(stored).not.toContain('"d"');
    const ciphertext = JSON.parse(stored) as string;
    const privateJwk = JSON.parse(symmetricDecrypt(TEST_SECRET, ciphertext)) as JWK;
    const publicJwk = JSON.parse(present(row).publicKey) as JWK;
    expect(privateJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', x: publicJwk.x });
    expect(typeof privateJwk.d).toBe('string');
    expect(() => symmetricDecrypt('another-secret-that-is-long-enough-to-be-used', ciphertext)).toThrow();
  });

  it('the decrypted private key is the one that signs the tokens', async () => {
    const { client } = await signedIn(server);
    const token = await tokenOf(client);
    const [row] = await jwksRows(server);
    // Re-derive the public half from the stored private JWK and verify with it.
    const { d: _private, ...publicPart } = decodePrivateKey(present(row).privateKey, TEST_SECRET);
    const key = await importJWK(publicPart, 'EdDSA');
    await expect(jwtVerify(token, key, { currentDate: new Date(server.clock.now()) })).resolves.toBeTruthy();
  });
});

describe('private key storage options and failures', () => {
  it('disablePrivateKeyEncryption stores the plain JWK JSON', async () => {
    const server = await startJwtServer('sqlite', { disablePrivateKeyEncryption: true });
    try {
      const { client } = await signedIn(server);
      await tokenOf(client);
      const [row] = await jwksRows(server);
      expect(JSON.parse(present(row).privateKey)).toMatchObject({ kty: 'OKP', crv: 'Ed25519' });
    } finally {
      await server.close();
    }
  });

  it('a key encrypted under another secret breaks /token and get-session, and is logged', async () => {
    const server = await startJwtServer('sqlite');
    try {
      const pair = await generateKeyPair('EdDSA', { extractable: true });
      const now = new Date(server.clock.now()).toISOString();
      await server.database.db
        .insertInto('jwks')
        .values({
          id: 'foreignKeyFromAnotherSecret00000',
          publicKey: JSON.stringify(await exportJWK(pair.publicKey)),
          privateKey: JSON.stringify(
            symmetricEncrypt(
              'a-different-secret-of-enough-length!',
              JSON.stringify(await exportJWK(pair.privateKey)),
            ),
          ),
          createdAt: now,
          expiresAt: null,
          alg: 'EdDSA',
          crv: 'Ed25519',
        })
        .execute();
      // A second engine on the same database, to see what it logs.
      const logged: string[] = [];
      const auth = createAuth({
        secret: TEST_SECRET,
        baseURL: server.url,
        database: server.database,
        jwt: { enabled: true },
        now: server.clock.now,
        logError: (_message, error) => logged.push((error as Error).message),
      });
      const { client } = await signedIn(server);
      const headers = { cookie: client.jar.header() };
      const token = await auth.api.getToken.asResponse({ headers });
      expect(token.status).toBe(500);
      expect(await token.json()).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' });
      expect((await auth.api.getSession.asResponse({ headers })).status).toBe(500);
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatch(/^Failed to decrypt private key\. Make sure the secret currently in use/);
    } finally {
      await server.close();
    }
  });
});
