import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { hashKey, startOf } from './key-format.ts';
import {
  addToOrg,
  createKey,
  createOrg,
  expectBadBodiesRefused,
  INVALID_KEY,
  json,
  KEY_NOT_FOUND,
  type Person,
  person,
  startKeyServer,
  storedRow,
  UNAUTHORIZED,
  withKey,
} from './test-kit.ts';

const PATH = '/api-key/rotate';

describe.each(testDialects())('POST /api-key/rotate, K13 (%s)', (dialect) => {
  let server: TestServer;
  let alice: Person;
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    alice = await person(server, 'alice');
  });
  afterAll(() => server.close());

  it('answers a new key once, keeps id, name, scopes and limits, and the old key stops at once', async () => {
    const created = await createKey(alice, {
      name: 'ci',
      prefix: 'ci_',
      permissions: { ac: ['read'] },
      metadata: { team: 'build' },
    });
    expect((await withKey(server, 'GET', '/get-session', created.key)).status).toBe(200);
    const before = await storedRow(server, created.id);
    const response = await alice.client.post(PATH, { keyId: created.id });
    expect(response.status).toBe(200);
    const rotated = await json(response);
    expect(rotated.key).not.toBe(created.key);
    expect(rotated.key.startsWith('ci_')).toBe(true);
    expect(rotated).toMatchObject({
      id: created.id,
      name: 'ci',
      prefix: 'ci_',
      start: startOf(rotated.key),
      permissions: { ac: ['read'] },
      metadata: { team: 'build' },
      rateLimitMax: created.rateLimitMax,
      requestCount: 1,
    });
    const after = await storedRow(server, created.id);
    expect(after?.key).toBe(hashKey(rotated.key));
    expect({ ...after, key: null, start: null }).toEqual({ ...before, key: null, start: null });
    expect(await errorOf(await withKey(server, 'GET', '/get-session', created.key))).toEqual(INVALID_KEY);
    expect((await json(await withKey(server, 'GET', '/get-session', rotated.key))).user.id).toBe(alice.id);
    // The new key is answered this once: a read holds neither key.
    const read = await alice.client.get(`/api-key/get?id=${created.id}`);
    const text = await read.text();
    expect(text).not.toContain(rotated.key);
    expect(text).not.toContain(created.key);
  });

  it("rotates an organization's key for a member allowed apiKey: update, not for a plain member", async () => {
    const org = await createOrg(alice);
    const member = await person(server, 'member');
    await addToOrg(server, org.id, member, 'member');
    const created = await createKey(alice, { configId: 'organization', organizationId: org.id });
    const refused = await member.client.post(PATH, { keyId: created.id, configId: 'organization' });
    expect(await errorOf(refused)).toEqual({
      status: 403,
      code: 'INSUFFICIENT_API_KEY_PERMISSIONS',
      message: 'You do not have permission to perform this action on organization API keys.',
    });
    const outsider = await person(server, 'outsider');
    expect(
      await errorOf(await outsider.client.post(PATH, { keyId: created.id, configId: 'organization' })),
    ).toMatchObject({ status: 403, code: 'USER_NOT_MEMBER_OF_ORGANIZATION' });
    expect((await storedRow(server, created.id))?.key).toBe(hashKey(created.key));
    const response = await alice.client.post(PATH, { keyId: created.id, configId: 'organization' });
    expect(response.status).toBe(200);
    expect((await storedRow(server, created.id))?.key).toBe(hashKey((await json(response)).key));
  });

  it("refuses someone else's key, an unknown one and the wrong configuration 404, leaving the key", async () => {
    const created = await createKey(alice);
    const bob = await person(server, 'bob');
    for (const [who, body] of [
      [bob, { keyId: created.id }],
      [alice, { keyId: 'no-such-key' }],
      [alice, { keyId: created.id, configId: 'organization' }],
    ] as const)
      expect(await errorOf(await who.client.post(PATH, body))).toEqual(KEY_NOT_FOUND);
    expect((await storedRow(server, created.id))?.key).toBe(hashKey(created.key));
  });

  it('refuses a key session (itself included) and no session 401, rotating nothing', async () => {
    const created = await createKey(alice);
    expect(await errorOf(await withKey(server, 'POST', PATH, created.key, { keyId: created.id }))).toEqual(
      UNAUTHORIZED,
    );
    expect(await errorOf(await server.client().post(PATH, { keyId: created.id }))).toEqual(UNAUTHORIZED);
    expect((await storedRow(server, created.id))?.key).toBe(hashKey(created.key));
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    await expectBadBodiesRefused(
      server,
      (text) =>
        alice.client.post(PATH, undefined, { raw: text, headers: { 'content-type': 'application/json' } }),
      [
        {},
        { keyId: 5 },
        { keyId: '' },
        { keyId: 'a\u0000b' },
        { keyId: 'k'.repeat(300) },
        { keyId: 'k', configId: 7 },
      ],
    );
  });
});
