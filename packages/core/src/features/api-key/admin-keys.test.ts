import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  createKey,
  createOrg,
  expectBadBodiesRefused,
  INVALID_KEY,
  json,
  KEY_NOT_FOUND,
  makeAdmin,
  type Person,
  person,
  QUERY_INVALID,
  startKeyServer,
  storedRow,
  UNAUTHORIZED,
  withKey,
} from './test-kit.ts';

const LIST = '/admin/list-user-api-keys';
const DELETE = '/admin/delete-user-api-key';
const userNotFound = { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' };

describe.each(testDialects())("the admin's key routes, K14 (%s)", (dialect) => {
  let server: TestServer;
  let admin: Person;
  let alice: Person;
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
    alice = await person(server, 'alice');
  });
  afterAll(() => server.close());

  it("lists a user's personal keys without their secrets, never an organization's", async () => {
    const first = await createKey(alice, { name: 'one' });
    const second = await createKey(alice, { name: 'two' });
    const org = await createOrg(alice);
    const orgKey = await createKey(alice, { configId: 'organization', organizationId: org.id });
    const response = await admin.client.get(`${LIST}?userId=${alice.id}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const key of [first.key, second.key]) expect(text).not.toContain(key);
    const { apiKeys } = JSON.parse(text);
    // Created within the same instant of the test clock: ordered by id then, so compared as a set.
    expect(apiKeys.map((k: { id: string }) => k.id).sort()).toEqual([first.id, second.id].sort());
    expect(apiKeys.map((k: { id: string }) => k.id)).not.toContain(orgKey.id);
    for (const answered of apiKeys) {
      expect(answered).toMatchObject({ referenceId: alice.id, configId: 'default' });
      expect(answered).not.toHaveProperty('key');
    }
    const nobody = await person(server, 'nobody');
    expect(await json(await admin.client.get(`${LIST}?userId=${nobody.id}`))).toEqual({ apiKeys: [] });
  });

  it("deletes one of the user's keys, which stops at once; someone else's or unknown 404", async () => {
    const created = await createKey(alice);
    const bob = await person(server, 'bob');
    const bobs = await createKey(bob);
    expect(await errorOf(await admin.client.post(DELETE, { userId: alice.id, keyId: bobs.id }))).toEqual(
      KEY_NOT_FOUND,
    );
    expect(await errorOf(await admin.client.post(DELETE, { userId: alice.id, keyId: 'no-such' }))).toEqual(
      KEY_NOT_FOUND,
    );
    const org = await createOrg(alice);
    const orgKey = await createKey(alice, { configId: 'organization', organizationId: org.id });
    expect(await errorOf(await admin.client.post(DELETE, { userId: alice.id, keyId: orgKey.id }))).toEqual(
      KEY_NOT_FOUND,
    );
    expect(
      await errorOf(await admin.client.post(DELETE, { userId: 'no-such-user', keyId: created.id })),
    ).toEqual(userNotFound);
    expect(await storedRow(server, bobs.id)).toBeDefined();
    expect(await storedRow(server, orgKey.id)).toBeDefined();
    const response = await admin.client.post(DELETE, { userId: alice.id, keyId: created.id });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ success: true });
    expect(await storedRow(server, created.id)).toBeUndefined();
    expect(await errorOf(await withKey(server, 'GET', '/get-session', created.key))).toEqual(INVALID_KEY);
  });

  it('refuses an unknown user 404, a caller without the right 403, a key session and no session 401', async () => {
    const created = await createKey(alice);
    expect(await errorOf(await admin.client.get(`${LIST}?userId=no-such-user`))).toEqual(userNotFound);
    const bob = await person(server, 'bob');
    expect(await errorOf(await bob.client.get(`${LIST}?userId=${alice.id}`))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_READ_USER_API_KEYS',
      message: "You are not allowed to read users' API keys",
    });
    expect(await errorOf(await bob.client.post(DELETE, { userId: alice.id, keyId: created.id }))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USER_API_KEYS',
      message: "You are not allowed to delete users' API keys",
    });
    // Sensitive, as every admin route: an admin's own key makes no admin session.
    const adminKey = await createKey(admin);
    expect(await errorOf(await withKey(server, 'GET', `${LIST}?userId=${alice.id}`, adminKey.key))).toEqual(
      UNAUTHORIZED,
    );
    expect(
      await errorOf(
        await withKey(server, 'POST', DELETE, adminKey.key, { userId: alice.id, keyId: created.id }),
      ),
    ).toEqual(UNAUTHORIZED);
    expect(await errorOf(await server.client().get(`${LIST}?userId=${alice.id}`))).toEqual(UNAUTHORIZED);
    expect(await storedRow(server, created.id)).toBeDefined();
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const created = await createKey(alice);
    for (const query of ['', '?userId=', '?userId=a%00b', `?userId=${'u'.repeat(300)}`])
      expect(await errorOf(await admin.client.get(`${LIST}${query}`)), query).toEqual(QUERY_INVALID);
    await expectBadBodiesRefused(
      server,
      (text) =>
        admin.client.post(DELETE, undefined, { raw: text, headers: { 'content-type': 'application/json' } }),
      [
        {},
        { userId: alice.id },
        { keyId: created.id },
        { userId: 5, keyId: created.id },
        { userId: alice.id, keyId: ['x'] },
        { userId: alice.id, keyId: `${created.id}\u0000` },
      ],
    );
  });
});

describe.each(testDialects())('the admin key routes with the admin feature off (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startKeyServer(dialect, { admin: undefined });
  });
  afterAll(() => server.close());

  it('are not routed: 404; and with no admin rights to hold, introspect refuses every service key', async () => {
    const alice = await person(server, 'alice');
    expect((await alice.client.get(`${LIST}?userId=${alice.id}`)).status).toBe(404);
    expect((await alice.client.post(DELETE, { userId: alice.id, keyId: 'k' })).status).toBe(404);
    const { key } = await createKey(alice);
    expect(await errorOf(await withKey(server, 'POST', '/api-key/introspect', key, { key }))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_VERIFY_API_KEYS',
      message: 'You are not allowed to verify API keys',
    });
  });
});
