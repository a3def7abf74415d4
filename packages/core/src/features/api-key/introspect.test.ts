import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { hashKey } from './key-format.ts';
import {
  addToOrg,
  createKey,
  createOrg,
  expectBadBodiesRefused,
  INVALID_KEY,
  json,
  makeAdmin,
  type Person,
  person,
  startKeyServer,
  storedRow,
  withKey,
} from './test-kit.ts';

const PATH = '/api-key/introspect';
const keyRequired = {
  status: 401,
  code: 'API_KEY_REQUIRED',
  message: 'This route is for services: send your service API key as x-api-key.',
};
const notAllowed = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_VERIFY_API_KEYS',
  message: 'You are not allowed to verify API keys',
};

describe.each(testDialects())('POST /api-key/introspect, K12 (%s)', (dialect) => {
  let server: TestServer;
  let service: Person;
  let serviceKey: { id: string; key: string };
  let alice: Person;
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    service = await person(server, 'service');
    await makeAdmin(server, service);
    // A service key with the tightest limits: were its uses counted, the second call would fail.
    serviceKey = (await server.auth.api.createApiKey({
      body: { userId: service.id, remaining: 1, rateLimitMax: 1 },
    })) as { id: string; key: string };
    alice = await person(server, 'alice');
  });
  afterAll(() => server.close());

  const introspect = (body: unknown, key = serviceKey.key) => withKey(server, 'POST', PATH, key, body);

  it("answers a valid key without its secret, with its owner, counting the presented key's use only", async () => {
    const presented = (await server.auth.api.createApiKey({
      body: { userId: alice.id, name: 'app', remaining: 5, permissions: { files: ['read'] } },
    })) as { id: string; key: string };
    const serviceBefore = await storedRow(server, serviceKey.id);
    for (let call = 1; call <= 3; call++) {
      const response = await introspect({ key: presented.key, permissions: { files: ['read'] } });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(presented.key);
      expect(text).not.toContain(hashKey(presented.key));
      const body = JSON.parse(text);
      expect(body).toMatchObject({
        valid: true,
        error: null,
        key: { id: presented.id, name: 'app', remaining: 5 - call, permissions: { files: ['read'] } },
        owner: { userId: alice.id, organizationId: null },
      });
      expect(body.key).not.toHaveProperty('key');
    }
    expect((await storedRow(server, presented.id))?.requestCount).toBe(3);
    // The service key was checked three times and spent nothing: same row, byte for byte.
    expect(await storedRow(server, serviceKey.id)).toEqual(serviceBefore);
  });

  it('answers a refused key as valid: false with the refusal, and a missing permission as KEY_NOT_FOUND', async () => {
    const refused = (code: string, message: string) => ({
      valid: false,
      error: { code, message },
      key: null,
      owner: null,
    });
    expect(await json(await introspect({ key: 'x'.repeat(64) }))).toEqual(
      refused('INVALID_API_KEY', INVALID_KEY.message),
    );
    const created = await createKey(alice);
    expect(await json(await introspect({ key: created.key, permissions: { files: ['write'] } }))).toEqual(
      refused('KEY_NOT_FOUND', 'API Key not found'),
    );
    expect(await json(await introspect({ key: created.key, configId: 'organization' }))).toEqual(
      refused('INVALID_API_KEY', INVALID_KEY.message),
    );
    await alice.client.post('/api-key/update', { keyId: created.id, enabled: false });
    expect(await json(await introspect({ key: created.key }))).toEqual(
      refused('KEY_DISABLED', 'API Key is disabled'),
    );
  });

  it("names an organization key's organization and its creator", async () => {
    const org = await createOrg(alice);
    const created = await createKey(alice, { configId: 'organization', organizationId: org.id });
    expect(await json(await introspect({ key: created.key, configId: 'organization' }))).toMatchObject({
      valid: true,
      key: { id: created.id, configId: 'organization', referenceId: org.id },
      owner: { userId: alice.id, organizationId: org.id },
    });
  });

  it('serves a service key scoped to apiKey: verify, and refuses one scoped elsewhere', async () => {
    const scoped = await createKey(service, { permissions: { apiKey: ['verify'] } });
    const presented = await createKey(alice);
    expect(await json(await introspect({ key: presented.key }, scoped.key))).toMatchObject({ valid: true });
    const elsewhere = await createKey(service, { permissions: { user: ['list'] } });
    expect(await errorOf(await introspect({ key: presented.key }, elsewhere.key))).toEqual(notAllowed);
  });

  it('refuses a caller without a service key 401, one without the right 403, counting nothing', async () => {
    const presented = await createKey(alice);
    expect(await errorOf(await server.client().post(PATH, { key: presented.key }))).toEqual(keyRequired);
    // A cookie session is not a service, an admin's included.
    expect(await errorOf(await service.client.post(PATH, { key: presented.key }))).toEqual(keyRequired);
    const bob = await person(server, 'bob');
    const bobKey = await createKey(bob);
    expect(await errorOf(await introspect({ key: presented.key }, bobKey.key))).toEqual(notAllowed);
    expect(await errorOf(await introspect({ key: presented.key }, 'y'.repeat(64)))).toEqual(INVALID_KEY);
    // An organization key makes no service caller.
    const org = await createOrg(service);
    await addToOrg(server, org.id, bob, 'member');
    const orgKey = await createKey(service, { configId: 'organization', organizationId: org.id });
    expect(await errorOf(await introspect({ key: presented.key }, orgKey.key))).toMatchObject({
      status: 403,
      code: 'API_KEY_ORGANIZATION_ONLY',
    });
    expect((await storedRow(server, presented.id))?.requestCount).toBe(0);
    expect((await storedRow(server, bobKey.id))?.requestCount).toBe(0);
  });

  it("refuses a banned owner's service key 401 USER_BANNED", async () => {
    const banned = await person(server, 'banned-service');
    await makeAdmin(server, banned);
    const key = await createKey(banned);
    await server.database.db
      .updateTable('user')
      .set({ banned: 1 } as never)
      .where('id', '=', banned.id)
      .execute();
    expect(await errorOf(await introspect({ key: key.key }, key.key))).toEqual({
      status: 401,
      code: 'USER_BANNED',
      message: 'User is banned',
    });
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const presented = await createKey(alice);
    await expectBadBodiesRefused(
      server,
      (text) => withKey(server, 'POST', PATH, serviceKey.key, undefined, text),
      [
        {},
        { key: 5 },
        { key: null },
        { key: 'k'.repeat(5000) },
        { key: `${presented.key}\u0000` },
        { key: presented.key, permissions: 'files' },
        { key: presented.key, permissions: { files: 'read' } },
        { key: presented.key, configId: 7 },
      ],
    );
  });
});
