import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDate } from '../../db/schema.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { jwksOf, jwksRows, kidOf, localKeySet, signedIn, startJwtServer, tokenOf } from './jwt-test-kit.ts';
import { verifyJwt } from './verify-jwt.ts';

const HOUR = 3600;
const DAY = 86_400;

describe.each(testDialects())('key rotation (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    // Tokens outlive the grace period here, to show the server-side check ignores it.
    server = await startJwtServer(dialect, {
      rotationInterval: DAY,
      gracePeriod: 2 * DAY,
      expiresIn: 10 * DAY,
    });
  });
  afterAll(() => server.close());

  const listedKids = async () => (await jwksOf(server.client())).keys.map((key) => key.kid);

  it('rotates after the interval; the old key stays listed for the grace period, then goes', async () => {
    const { client } = await signedIn(server);
    const first = await tokenOf(client);
    const oldKid = present(kidOf(first));
    const [row] = await jwksRows(server);
    expect(toDate(present(present(row).expiresAt)).getTime() - toDate(present(row).createdAt).getTime()).toBe(
      DAY * 1000,
    );

    // Within the interval the same key keeps signing.
    server.clock.advance(DAY - 1);
    expect(kidOf(await tokenOf(client))).toBe(oldKid);

    // Past it, the next signing mints a new key.
    server.clock.advance(2);
    const second = await tokenOf(client);
    const newKid = present(kidOf(second));
    expect(newKid).not.toBe(oldKid);
    expect((await jwksRows(server)).map((r) => r.id)).toEqual([oldKid, newKid]);
    expect((await listedKids()).sort()).toEqual([oldKid, newKid].sort());
    // A verifier fetching the set now still accepts the token signed just before rotation.
    const keySet = await localKeySet(server.client());
    const at = { currentDate: new Date(server.clock.now()) };
    await expect(jwtVerify(first, keySet, at)).resolves.toBeTruthy();
    await expect(jwtVerify(second, keySet, at)).resolves.toBeTruthy();

    // The old key expired one day after creation; two days of grace after that it is unlisted.
    server.clock.advance(2 * DAY - 2);
    expect(await listedKids()).toContain(oldKid);
    server.clock.advance(2);
    expect(await listedKids()).toEqual([newKid]);
    // Rows are never deleted, and the server-side check has no grace filter.
    expect(await jwksRows(server)).toHaveLength(2);
    expect(await verifyJwt(server.auth, first)).toMatchObject({ ok: true });
  });
});

describe('without a rotation interval', () => {
  it('one key signs for ever and has no expiry', async () => {
    const server = await startJwtServer('sqlite');
    try {
      const kid = kidOf(await tokenOf((await signedIn(server)).client));
      server.clock.advance(3 * 365 * DAY);
      // Sessions do not last that long; a new one still gets the same key.
      expect(kidOf(await tokenOf((await signedIn(server)).client))).toBe(kid);
      const rows = await jwksRows(server);
      expect(rows).toHaveLength(1);
      expect(present(rows[0]).expiresAt).toBeNull();
    } finally {
      await server.close();
    }
  });

  it('concurrent first requests mint one key', async () => {
    const server = await startJwtServer('sqlite', { rotationInterval: HOUR });
    try {
      const { client } = await signedIn(server);
      const answers = await Promise.all([
        tokenOf(client),
        tokenOf(client),
        jwksOf(server.client()),
        jwksOf(server.client()),
      ]);
      expect(answers).toHaveLength(4);
      expect(await jwksRows(server)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});
