import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { hashKey } from './key-format.ts';
import {
  createKey,
  createOrg,
  json,
  type Person,
  person,
  startKeyServer,
  storedRow,
  withKey,
} from './test-kit.ts';

const invalidKey = { status: 401, code: 'INVALID_API_KEY', message: 'Invalid API key.' };
const unauthorized = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };

describe.each(testDialects())('the x-api-key session (%s)', (dialect) => {
  let server: TestServer;
  let alice: Person;
  beforeAll(async () => {
    server = await startKeyServer(dialect, { passkey: {} });
    alice = await person(server, 'alice');
  });
  afterAll(() => server.close());

  /** A key made by the app's server code, with the server-only fields it needs. */
  async function serverKey(owner: Person, body: Record<string, unknown> = {}) {
    return (await server.auth.api.createApiKey({ body: { userId: owner.id, ...body } })) as {
      id: string;
      key: string;
      updatedAt: string;
    };
  }

  it('get-session answers the owner and a made-up session whose token is the key id, with no cookie', async () => {
    const created = await createKey(alice, { name: 'ci' });
    const response = await withKey(server, 'GET', '/get-session', created.key);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const body = await json(response);
    expect(body.user).toMatchObject({ id: alice.id, email: alice.email });
    expect(body.session).toMatchObject({ id: created.id, token: created.id, userId: alice.id });
    expect(body.session).not.toHaveProperty('activeOrganizationId');
    // No key expiry: the session ends with the session lifetime (7 days), in seconds as meant.
    expect(Date.parse(body.session.expiresAt)).toBe(server.clock.now() + 7 * 86_400_000);
    expect(JSON.stringify(body)).not.toContain(created.key);
    expect(
      await server.database.db.selectFrom('session').where('id', '=', created.id).selectAll().execute(),
    ).toEqual([]);
    const row = await storedRow(server, created.id);
    expect(row).toMatchObject({ requestCount: 1, lastRequestUserAgent: expect.any(String) });
    expect(row?.lastRequest).toBeTruthy();
    // K11: the last use's IP and user agent are answered, after the reference's fields.
    const answered = await json(await alice.client.get(`/api-key/get?id=${created.id}`));
    expect(Date.parse(answered.lastRequest)).toBeGreaterThan(0);
    expect(answered).toMatchObject({
      lastRequestIp: row?.lastRequestIp,
      lastRequestUserAgent: row?.lastRequestUserAgent,
    });
    expect(Object.keys(answered).slice(-3)).toEqual(['id', 'lastRequestIp', 'lastRequestUserAgent']);
  });

  it('the key decides who the session is, whatever cookie comes with it', async () => {
    const bob = await person(server, 'bob');
    const created = await createKey(alice);
    const response = await bob.client.get('/get-session', { headers: { 'x-api-key': created.key } });
    expect((await json(response)).user.id).toBe(alice.id);
  });

  it('refuses, in order: too short 403, unknown, mistyped or deleted 401, an organization key without its creator 401', async () => {
    const created = await createKey(alice);
    expect(await errorOf(await withKey(server, 'GET', '/get-session', 'x'.repeat(63)))).toEqual({
      ...invalidKey,
      status: 403,
    });
    expect(await errorOf(await withKey(server, 'GET', '/get-session', 'x'.repeat(64)))).toEqual(invalidKey);
    const mistyped = `${created.key.slice(0, 20)}${created.key[20] === 'A' ? 'B' : 'A'}${created.key.slice(21)}`;
    expect(await errorOf(await withKey(server, 'GET', '/get-session', mistyped))).toEqual(invalidKey);
    // A public route is no way around it: a bad key is refused there too.
    expect(await errorOf(await withKey(server, 'GET', '/ok', mistyped))).toEqual(invalidKey);
    const org = await createOrg(alice);
    const orgKey = await createKey(alice, { configId: 'organization', organizationId: org.id });
    // A row made before K10 has no creator, and still makes no session.
    await server.database.db
      .updateTable('apikey')
      .set({ createdBy: null })
      .where('id', '=', orgKey.id)
      .execute();
    expect(await errorOf(await withKey(server, 'GET', '/get-session', orgKey.key))).toEqual(invalidKey);
    expect((await storedRow(server, orgKey.id))?.requestCount).toBe(0);
    await alice.client.post('/api-key/delete', { keyId: created.id });
    expect(await errorOf(await withKey(server, 'GET', '/get-session', created.key))).toEqual(invalidKey);
  });

  it('refuses a disabled key (401) and an expired one, which it deletes (401)', async () => {
    const disabled = await createKey(alice);
    await alice.client.post('/api-key/update', { keyId: disabled.id, enabled: false });
    expect(await errorOf(await withKey(server, 'GET', '/get-session', disabled.key))).toEqual({
      status: 401,
      code: 'KEY_DISABLED',
      message: 'API Key is disabled',
    });
    expect((await storedRow(server, disabled.id))?.requestCount).toBe(0);
    const expiring = await createKey(alice, { expiresIn: 86_400 });
    server.clock.advance(86_400);
    expect(await errorOf(await withKey(server, 'GET', '/get-session', expiring.key))).toEqual({
      status: 401,
      code: 'KEY_EXPIRED',
      message: 'API Key has expired',
    });
    expect(await storedRow(server, expiring.id)).toBeUndefined();
  });

  it('remaining: counts down, then refuses 429 and deletes a used-up key without refill', async () => {
    const metered = await serverKey(alice, { remaining: 2 });
    expect((await withKey(server, 'GET', '/get-session', metered.key)).status).toBe(200);
    expect((await withKey(server, 'GET', '/get-session', metered.key)).status).toBe(200);
    expect((await storedRow(server, metered.id))?.remaining).toBe(0);
    const usedUp = { status: 429, code: 'USAGE_EXCEEDED', message: 'API Key has reached its usage limit' };
    expect(await errorOf(await withKey(server, 'GET', '/get-session', metered.key))).toEqual(usedUp);
    expect(await storedRow(server, metered.id)).toBeUndefined();
  });

  it('refill: none left refuses 429 and keeps the key, until the interval has passed', async () => {
    const refilled = await serverKey(alice, { refillAmount: 2, refillInterval: 60_000 });
    expect((await withKey(server, 'GET', '/get-session', refilled.key)).status).toBe(200);
    expect((await withKey(server, 'GET', '/get-session', refilled.key)).status).toBe(200);
    expect(await errorOf(await withKey(server, 'GET', '/get-session', refilled.key))).toMatchObject({
      status: 429,
      code: 'USAGE_EXCEEDED',
    });
    expect(await storedRow(server, refilled.id)).toMatchObject({ remaining: 0 });
    server.clock.advance(61);
    expect((await withKey(server, 'GET', '/get-session', refilled.key)).status).toBe(200);
    const row = await storedRow(server, refilled.id);
    expect(row?.remaining).toBe(1);
    expect(row?.lastRefillAt).toBeTruthy();
  });

  it('rate limit: 10 per 24 h by default, then 429 with tryAgainIn and Retry-After; a gap reopens it', async () => {
    const limited = await createKey(alice);
    for (let i = 0; i < 10; i++) {
      expect((await withKey(server, 'GET', '/get-session', limited.key)).status).toBe(200);
      server.clock.advance(1);
    }
    const refused = await withKey(server, 'GET', '/get-session', limited.key);
    expect(refused.status).toBe(429);
    const body = await json(refused);
    expect(body).toMatchObject({ code: 'RATE_LIMITED', message: 'Rate limit exceeded.' });
    expect(body.details.tryAgainIn).toBe(86_400_000 - 1000);
    expect(refused.headers.get('retry-after')).toBe(String(86_400 - 1));
    expect((await storedRow(server, limited.id))?.requestCount).toBe(10);
    server.clock.advance(86_400);
    expect((await withKey(server, 'GET', '/get-session', limited.key)).status).toBe(200);
    expect((await storedRow(server, limited.id))?.requestCount).toBe(1);
  });

  it('K7: a rate-limited use spends nothing of remaining', async () => {
    const both = await serverKey(alice, { remaining: 5, rateLimitMax: 2, rateLimitTimeWindow: 60_000 });
    for (let i = 0; i < 2; i++)
      expect((await withKey(server, 'GET', '/get-session', both.key)).status).toBe(200);
    expect((await errorOf(await withKey(server, 'GET', '/get-session', both.key))).code).toBe('RATE_LIMITED');
    expect((await errorOf(await withKey(server, 'GET', '/get-session', both.key))).code).toBe('RATE_LIMITED');
    expect(await storedRow(server, both.id)).toMatchObject({ remaining: 3, requestCount: 2 });
  });

  it('concurrent requests at the limit never exceed it', async () => {
    const tight = await serverKey(alice, { rateLimitMax: 5, rateLimitTimeWindow: 60_000, remaining: 20 });
    const statuses = await Promise.all(
      Array.from({ length: 16 }, () =>
        withKey(server, 'GET', '/get-session', tight.key).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(11);
    expect(await storedRow(server, tight.id)).toMatchObject({ requestCount: 5, remaining: 15 });
  });

  it("K2: a banned owner's key is refused at once without counting a use; unbanned, it works again", async () => {
    const carol = await person(server, 'carol');
    const created = await createKey(carol);
    await server.database.db
      .updateTable('user')
      .set({ banned: 1 } as never)
      .where('id', '=', carol.id)
      .execute();
    for (const path of ['/get-session', '/ok', '/api-key/list'])
      expect(await errorOf(await withKey(server, 'GET', path, created.key))).toEqual({
        status: 401,
        code: 'USER_BANNED',
        message: 'User is banned',
      });
    expect((await storedRow(server, created.id))?.requestCount).toBe(0);
    await server.database.db
      .updateTable('user')
      .set({ banned: 0 } as never)
      .where('id', '=', carol.id)
      .execute();
    expect((await withKey(server, 'GET', '/get-session', created.key)).status).toBe(200);
  });

  it('K3: sensitive, fresh and session-changing routes refuse a key session and change nothing', async () => {
    const created = await createKey(alice);
    const org = await createOrg(alice);
    const before = await snapshotDatabase(server.database);
    const refusals: [string, string, unknown?][] = [
      [
        'POST',
        '/change-password',
        { currentPassword: 'correct horse battery', newPassword: 'another one 123' },
      ],
      ['POST', '/revoke-sessions', {}],
      ['POST', '/verify-password', { password: 'correct horse battery' }],
      ['GET', '/list-sessions'],
      ['POST', '/unlink-account', { accountId: 'any' }],
      ['GET', '/passkey/generate-register-options'],
      ['POST', '/organization/set-active', { organizationId: org.id }],
      ['POST', '/api-key/create', {}],
      ['POST', '/api-key/update', { keyId: created.id, expiresIn: null }],
    ];
    for (const [method, path, body] of refusals) {
      const response = await withKey(server, method as 'GET' | 'POST', path, created.key, body);
      expect(await errorOf(response), path).toEqual(unauthorized);
    }
    // Each refused request still counted its use (the validation runs first): only that changed.
    const counted = await storedRow(server, created.id);
    expect(counted?.requestCount).toBe(refusals.length);
    await server.database.db
      .updateTable('apikey')
      .set({
        requestCount: 0,
        lastRequest: null,
        updatedAt: created.updatedAt as string,
        lastRequestIp: null,
        lastRequestUserAgent: null,
      })
      .where('id', '=', created.id)
      .execute();
    expect(await snapshotDatabase(server.database)).toBe(before);
    // Reading and deleting keys stay allowed.
    expect((await withKey(server, 'GET', '/api-key/list', created.key)).status).toBe(200);
    expect(
      (await withKey(server, 'POST', '/api-key/delete', created.key, { keyId: created.id })).status,
    ).toBe(200);
  });

  it('K4: no answer after the create answer holds the key or its hash, errors included', async () => {
    const created = await serverKey(alice, { rateLimitMax: 2, rateLimitTimeWindow: 60_000 });
    const answers = [
      await withKey(server, 'GET', '/get-session', created.key),
      await withKey(server, 'GET', `/api-key/get?id=${created.id}`, created.key),
      await withKey(server, 'GET', '/api-key/list', created.key),
      await withKey(server, 'GET', '/get-session', created.key),
      await withKey(server, 'POST', '/api-key/create', created.key, {}),
      await alice.client.get(`/api-key/get?id=${created.id}`),
    ];
    for (const answer of answers) {
      const text = `${[...answer.headers].join('\n')}\n${await answer.text()}`;
      expect(text).not.toContain(created.key);
      expect(text).not.toContain(created.key.slice(4, 40));
      expect(text).not.toContain(hashKey(created.key));
    }
  });

  it('K6: deleting the owner deletes their keys; an orphaned row of an older database is refused', async () => {
    const dora = await person(server, 'dora');
    const created = await createKey(dora);
    const org = await createOrg(dora);
    const orgKey = await createKey(dora, { configId: 'organization', organizationId: org.id });
    expect((await dora.client.post('/organization/delete', { organizationId: org.id })).status).toBe(200);
    expect(await storedRow(server, orgKey.id)).toBeUndefined();
    const { deleteUserAndSessions } = await import('../../user/delete-user.ts');
    await deleteUserAndSessions(server.context, dora.id, {
      request: undefined,
      event: { type: 'user.deleted', target: { type: 'user', id: dora.id } },
    });
    expect(await storedRow(server, created.id)).toBeUndefined();
    expect(await errorOf(await withKey(server, 'GET', '/get-session', created.key))).toEqual(invalidKey);
    const orphan = 'o'.repeat(64);
    await insertBetterAuthRow(server, { id: 'orphan-key', key: orphan, referenceId: 'deleted-user' });
    expect(await errorOf(await withKey(server, 'GET', '/get-session', orphan))).toEqual({
      status: 401,
      code: 'INVALID_REFERENCE_ID_FROM_API_KEY',
      message: 'The reference id from the API key is invalid.',
    });
  });

  it("an existing Better Auth row verifies and reads: 64 letters, ISO dates, 0/1, metadata 'null' or double-encoded", async () => {
    const plain = 'wiRJmiYEKxLHagUGJxbVGQtpJUBaQmcmJBLMnzmMYlSPdmdAoKSVaWBfhoSfOGXL';
    await insertBetterAuthRow(server, { id: 'ba-key-1', key: `pk_${plain}`, referenceId: alice.id });
    await insertBetterAuthRow(server, {
      id: 'ba-key-2',
      key: plain,
      referenceId: alice.id,
      metadata: JSON.stringify(JSON.stringify({ plan: 'pro' })),
    });
    const session = await json(await withKey(server, 'GET', '/get-session', `pk_${plain}`));
    expect(session.user.id).toBe(alice.id);
    expect(session.session.id).toBe('ba-key-1');
    expect((await withKey(server, 'GET', '/get-session', plain)).status).toBe(200);
    const first = await json(await alice.client.get('/api-key/get?id=ba-key-1'));
    expect(first).toMatchObject({ metadata: null, enabled: true, requestCount: 1, start: 'pk_wiR' });
    const second = await json(await alice.client.get('/api-key/get?id=ba-key-2'));
    expect(second).toMatchObject({ metadata: { plan: 'pro' }, configId: 'default' });
    expect((await storedRow(server, 'ba-key-2'))?.metadata).toBe('{"plan":"pro"}');
  });

  it('update-user and organization reads work with a key session, without an Origin', async () => {
    const created = await createKey(alice);
    const response = await withKey(server, 'POST', '/update-user', created.key, { name: 'Alice K' });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect((await withKey(server, 'GET', '/organization/list', created.key)).status).toBe(200);
  });

  /** A row as Better Auth's plugin writes it on SQLite (dates ISO text, booleans 0/1). */
  async function insertBetterAuthRow(
    target: TestServer,
    row: { id: string; key: string; referenceId: string; metadata?: string },
  ) {
    const now = new Date(target.clock.now()).toISOString();
    await target.database.db
      .insertInto('apikey')
      .values({
        id: row.id,
        configId: 'default',
        name: null,
        start: row.key.slice(0, 6),
        referenceId: row.referenceId,
        prefix: row.key.startsWith('pk_') ? 'pk_' : null,
        key: hashKey(row.key),
        refillInterval: null,
        refillAmount: null,
        lastRefillAt: null,
        enabled: 1,
        rateLimitEnabled: 1,
        rateLimitTimeWindow: 86_400_000,
        rateLimitMax: 10,
        requestCount: 0,
        remaining: null,
        lastRequest: null,
        expiresAt: null,
        createdAt: now,
        updatedAt: now,
        permissions: null,
        metadata: row.metadata ?? 'null',
      } as never)
      .execute();
  }
});
