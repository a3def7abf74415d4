import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { hashKey } from './key-format.ts';
import { createKey, json, type Person, person, startKeyServer, storedRow } from './test-kit.ts';

const DAY = 86_400;
const FIELDS = [
  'configId',
  'name',
  'start',
  'referenceId',
  'prefix',
  'refillInterval',
  'refillAmount',
  'lastRefillAt',
  'enabled',
  'rateLimitEnabled',
  'rateLimitTimeWindow',
  'rateLimitMax',
  'requestCount',
  'remaining',
  'lastRequest',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'permissions',
  'metadata',
  'id',
  'lastRequestIp',
  'lastRequestUserAgent',
];
const bodyInvalid = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
const queryInvalid = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid query parameters' };
const unauthorized = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };
const noSession = { status: 401, code: 'UNAUTHORIZED_SESSION', message: 'Unauthorized or invalid session' };
const notFound = { status: 404, code: 'KEY_NOT_FOUND', message: 'API Key not found' };
const serverOnly = {
  status: 400,
  code: 'SERVER_ONLY_PROPERTY',
  message: "The property you're trying to set can only be set from the server auth instance only.",
};

const keyCount = async (server: TestServer) =>
  Number(
    (
      await server.database.db
        .selectFrom('apikey')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testDialects())('managing API keys (%s)', (dialect) => {
  let server: TestServer;
  let alice: Person;
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    alice = await person(server, 'alice');
  });
  afterAll(() => server.close());

  describe('POST /api-key/create', () => {
    it('answers the key once, in the reference shape, and stores only its hash', async () => {
      const created = await createKey(alice, {
        name: 'ci',
        prefix: 'ci_',
        expiresIn: 2 * DAY,
        metadata: { plan: 'pro' },
      });
      expect(Object.keys(created)).toEqual([...FIELDS, 'key']);
      const now = new Date(server.clock.now()).toISOString();
      expect(created).toMatchObject({
        configId: 'default',
        name: 'ci',
        start: 'ci_gth',
        referenceId: alice.id,
        prefix: 'ci_',
        refillInterval: null,
        refillAmount: null,
        lastRefillAt: null,
        enabled: true,
        rateLimitEnabled: true,
        rateLimitTimeWindow: 86_400_000,
        rateLimitMax: 10,
        requestCount: 0,
        remaining: null,
        lastRequest: null,
        expiresAt: new Date(server.clock.now() + 2 * DAY * 1000).toISOString(),
        createdAt: now,
        updatedAt: now,
        permissions: null,
        metadata: { plan: 'pro' },
      });
      expect(created.key).toMatch(/^ci_gth_[A-Za-z0-9]{62}$/);
      const row = await storedRow(server, created.id);
      expect(row?.key).toBe(hashKey(created.key));
      expect(row?.metadata).toBe('{"plan":"pro"}');
      expect(JSON.stringify(row)).not.toContain(created.key);
    });

    it('without anything asked: no prefix, no name, no expiry, and metadata the text null', async () => {
      const created = await createKey(alice);
      expect(created).toMatchObject({ prefix: null, name: null, expiresAt: null, metadata: null });
      expect(created.key).toMatch(/^gth_[A-Za-z0-9]{62}$/);
      expect(created.start).toBe(created.key.slice(0, 6));
      expect((await storedRow(server, created.id))?.metadata).toBe('null');
    });

    it('accepts an empty name (stored as ""), metadata arrays, and exactly 1 and 365 days', async () => {
      expect((await createKey(alice, { name: '' })).name).toBe('');
      expect((await createKey(alice, { metadata: [1, 2] })).metadata).toEqual([1, 2]);
      expect((await createKey(alice, { expiresIn: DAY })).expiresAt).not.toBeNull();
      expect((await createKey(alice, { expiresIn: 365 * DAY })).expiresAt).not.toBeNull();
      expect((await createKey(alice, { expiresIn: null })).expiresAt).toBeNull();
    });

    it('refuses bad input with 400 and stores nothing', async () => {
      const before = await keyCount(server);
      for (const body of [
        { name: 5 },
        { expiresIn: 0 },
        { expiresIn: '86400' },
        { prefix: '' },
        { prefix: 'a b' },
        { prefix: 'a'.repeat(2000) },
        { configId: 7 },
        { name: 'x\u0000y' },
        { metadata: { 'a\u0000': 1 } },
        { metadata: { a: 'nul\u0000' } },
        // K8: an unknown configuration, and an organization for a personal key.
        { configId: 'other' },
        { organizationId: 'org-1' },
        { configId: 'default', organizationId: 'org-1' },
      ]) {
        expect(await errorOf(await alice.client.post('/api-key/create', body)), JSON.stringify(body)).toEqual(
          bodyInvalid,
        );
      }
      const raw = (text: string) =>
        alice.client.post('/api-key/create', undefined, {
          raw: text,
          headers: { 'content-type': 'application/json' },
        });
      expect((await raw('{"name":')).status).toBe(400);
      expect((await raw('[1]')).status).toBe(400);
      expect(await errorOf(await raw(JSON.stringify({ metadata: 'x'.repeat(70_000) })))).toMatchObject({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(await keyCount(server)).toBe(before);
    });

    it('refuses server-only fields from a client before the session, and a client userId after', async () => {
      const before = await keyCount(server);
      const anonymous = server.client();
      for (const field of [
        { refillAmount: 5 },
        { refillInterval: 1000 },
        { rateLimitMax: 5 },
        { rateLimitTimeWindow: 1000 },
        { rateLimitEnabled: false },
        { remaining: 5 },
      ]) {
        expect(await errorOf(await anonymous.post('/api-key/create', field))).toEqual(serverOnly);
        expect(await errorOf(await alice.client.post('/api-key/create', field))).toEqual(serverOnly);
      }
      expect((await alice.client.post('/api-key/create', { remaining: null })).status).toBe(200);
      expect(await errorOf(await alice.client.post('/api-key/create', { userId: alice.id }))).toEqual(
        noSession,
      );
      expect(await errorOf(await anonymous.post('/api-key/create', {}))).toEqual(noSession);
      expect(await keyCount(server)).toBe(before + 1);
    });

    it('refuses metadata that is not an object, lifetimes out of bounds, and bad lengths, in that order', async () => {
      const before = await keyCount(server);
      const refusal = async (body: Record<string, unknown>) =>
        errorOf(await alice.client.post('/api-key/create', body));
      for (const metadata of ['x', 5, true]) {
        expect(await refusal({ metadata, expiresIn: 1 })).toEqual({
          status: 400,
          code: 'INVALID_METADATA_TYPE',
          message: 'metadata must be an object or undefined',
        });
      }
      expect(await refusal({ expiresIn: DAY - 1, prefix: 'p'.repeat(40) })).toEqual({
        status: 400,
        code: 'EXPIRES_IN_IS_TOO_SMALL',
        message: 'The expiresIn is smaller than the predefined minimum value.',
      });
      expect(await refusal({ expiresIn: 365 * DAY + 1 })).toEqual({
        status: 400,
        code: 'EXPIRES_IN_IS_TOO_LARGE',
        message: 'The expiresIn is larger than the predefined maximum value.',
      });
      expect(await refusal({ prefix: 'p'.repeat(33), name: 'n'.repeat(33) })).toEqual({
        status: 400,
        code: 'INVALID_PREFIX_LENGTH',
        message: 'The prefix length is either too large or too small.',
      });
      expect(await refusal({ name: 'n'.repeat(33) })).toEqual({
        status: 400,
        code: 'INVALID_NAME_LENGTH',
        message: 'The name length is either too large or too small.',
      });
      expect(await keyCount(server)).toBe(before);
    });

    it('lets auth.api set the server-only fields, for a named user, with the refill pair checked', async () => {
      const created = (await server.auth.api.createApiKey({
        body: {
          userId: alice.id,
          refillAmount: 5,
          refillInterval: 60_000,
          rateLimitMax: 100,
          rateLimitTimeWindow: 1000,
          permissions: { files: ['read'] },
        },
      })) as Record<string, unknown>;
      expect(created).toMatchObject({
        referenceId: alice.id,
        remaining: 5,
        refillAmount: 5,
        refillInterval: 60_000,
        rateLimitMax: 100,
        rateLimitTimeWindow: 1000,
        permissions: { files: ['read'] },
      });
      await expect(
        server.auth.api.createApiKey({ body: { userId: alice.id, refillAmount: 5 } }),
      ).rejects.toMatchObject({
        code: 'REFILL_AMOUNT_AND_INTERVAL_REQUIRED',
        message: 'refillAmount is required when refillInterval is provided',
        status: 400,
      });
      await expect(
        server.auth.api.createApiKey({ body: { userId: alice.id, refillInterval: 5 } }),
      ).rejects.toMatchObject({
        code: 'REFILL_INTERVAL_AND_AMOUNT_REQUIRED',
        message: 'refillInterval is required when refillAmount is provided',
      });
      await expect(server.auth.api.createApiKey({ body: { userId: 'nobody' } })).rejects.toMatchObject({
        code: 'UNAUTHORIZED_SESSION',
      });
    });
  });

  describe('GET /api-key/get', () => {
    it("answers the caller's key without the key or its hash", async () => {
      const created = await createKey(alice, { name: 'read-me' });
      const response = await alice.client.get(`/api-key/get?id=${created.id}`);
      expect(response.status).toBe(200);
      const { key, ...rest } = created;
      const answer = await json(response);
      expect(answer).toEqual(rest);
      expect(Object.keys(answer)).toEqual(FIELDS);
      const text = JSON.stringify(answer);
      expect(text).not.toContain(key);
      expect(text).not.toContain(hashKey(key));
    });

    it('refuses: no id 400, no session 401, unknown, another configuration or person 404', async () => {
      const created = await createKey(alice);
      const bob = await person(server, 'bob');
      expect(await errorOf(await alice.client.get('/api-key/get'))).toEqual(queryInvalid);
      expect(await errorOf(await alice.client.get('/api-key/get?id=a%00b'))).toEqual(queryInvalid);
      expect(await errorOf(await server.client().get(`/api-key/get?id=${created.id}`))).toEqual(unauthorized);
      expect(await errorOf(await alice.client.get('/api-key/get?id=nope'))).toEqual(notFound);
      expect(
        await errorOf(await alice.client.get(`/api-key/get?id=${created.id}&configId=organization`)),
      ).toEqual(notFound);
      expect(await errorOf(await bob.client.get(`/api-key/get?id=${created.id}`))).toEqual(notFound);
    });
  });

  describe('GET /api-key/list', () => {
    it('lists personal keys with the total; sorts, pages, echoes limit and offset only when given', async () => {
      const carol = await person(server, 'carol');
      const names = ['b', 'c', 'a'];
      for (const name of names) {
        await createKey(carol, { name });
        server.clock.advance(1);
      }
      const all = await json(await carol.client.get('/api-key/list'));
      expect(Object.keys(all)).toEqual(['apiKeys', 'total']);
      expect(all.total).toBe(3);
      expect(all.apiKeys.map((k: { name: string }) => k.name)).toEqual(names);
      const sorted = await json(await carol.client.get('/api-key/list?sortBy=name&sortDirection=desc'));
      expect(sorted.apiKeys.map((k: { name: string }) => k.name)).toEqual(['c', 'b', 'a']);
      const page = await json(await carol.client.get('/api-key/list?sortBy=name&limit=1&offset=1'));
      expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
      expect(page.apiKeys.map((k: { name: string }) => k.name)).toEqual(['b']);
      const offset = await json(await carol.client.get('/api-key/list?offset=2'));
      expect(offset.apiKeys).toHaveLength(1);
      expect(offset).not.toHaveProperty('limit');
      expect(await json(await carol.client.get('/api-key/list?configId=organization'))).toEqual({
        apiKeys: [],
        total: 0,
      });
      const text = JSON.stringify(all);
      for (const row of all.apiKeys) expect(text).not.toContain((await storedRow(server, row.id))?.key);
    });

    it('refuses an unknown sortBy, a bad limit or direction with 400, and no session with 401', async () => {
      for (const query of ['sortBy=key', 'sortBy=password', 'limit=x', 'limit=-1', 'sortDirection=up']) {
        expect(await errorOf(await alice.client.get(`/api-key/list?${query}`)), query).toEqual(queryInvalid);
      }
      expect(await errorOf(await server.client().get('/api-key/list'))).toEqual(unauthorized);
    });
  });

  describe('POST /api-key/update', () => {
    it('changes name, enabled, metadata and expiry, and leaves updatedAt as it was', async () => {
      const created = await createKey(alice, { name: 'old', expiresIn: 2 * DAY });
      server.clock.advance(5);
      const response = await alice.client.post('/api-key/update', {
        keyId: created.id,
        name: 'new',
        enabled: false,
        metadata: { team: 'ops' },
        expiresIn: null,
      });
      expect(response.status).toBe(200);
      const updated = await json(response);
      expect(Object.keys(updated)).toEqual(FIELDS);
      expect(updated).toMatchObject({
        name: 'new',
        enabled: false,
        metadata: { team: 'ops' },
        expiresAt: null,
        updatedAt: created.updatedAt,
      });
      expect(JSON.stringify(updated)).not.toContain(created.key);
    });

    it('refuses in order and changes nothing', async () => {
      const created = await createKey(alice, { name: 'keep' });
      const bob = await person(server, 'bob');
      const before = await snapshotDatabase(server.database);
      const update = (body: Record<string, unknown>, who = alice) => who.client.post('/api-key/update', body);
      expect(await errorOf(await update({}))).toEqual(bodyInvalid);
      expect(await errorOf(await update({ keyId: created.id, enabled: 'yes' }))).toEqual(bodyInvalid);
      expect(await errorOf(await update({ keyId: created.id, name: 'a\u0001' }))).toEqual(bodyInvalid);
      expect(
        await errorOf(await server.client().post('/api-key/update', { keyId: created.id, name: 'x' })),
      ).toEqual(noSession);
      expect(await errorOf(await update({ keyId: created.id, userId: bob.id, name: 'x' }))).toEqual(
        noSession,
      );
      expect(await errorOf(await update({ keyId: created.id, remaining: 5 }))).toEqual(serverOnly);
      expect(
        await errorOf(await update({ keyId: created.id, permissions: { files: ['read'] } })),
      ).toMatchObject({
        status: 400,
        code: 'UNKNOWN_API_KEY_PERMISSION',
      });
      expect(await errorOf(await update({ keyId: 'nope', name: 'x' }))).toEqual(notFound);
      expect(await errorOf(await update({ keyId: created.id, name: 'x' }, bob))).toEqual(notFound);
      expect(await errorOf(await update({ keyId: created.id, configId: 'organization', name: 'x' }))).toEqual(
        notFound,
      );
      expect(await errorOf(await update({ keyId: created.id, name: '' }))).toMatchObject({
        status: 400,
        code: 'INVALID_NAME_LENGTH',
      });
      expect(await errorOf(await update({ keyId: created.id, expiresIn: 10 }))).toMatchObject({
        code: 'EXPIRES_IN_IS_TOO_SMALL',
      });
      expect(await errorOf(await update({ keyId: created.id, metadata: 'x' }))).toMatchObject({
        code: 'INVALID_METADATA_TYPE',
      });
      expect(await errorOf(await update({ keyId: created.id }))).toEqual({
        status: 400,
        code: 'NO_VALUES_TO_UPDATE',
        message: 'No values to update.',
      });
      expect(await snapshotDatabase(server.database)).toBe(before);
      expect((await update({ keyId: created.id, userId: alice.id, name: 'mine' })).status).toBe(200);
    });
  });

  describe('POST /api-key/delete', () => {
    it('deletes the key; a second delete, or someone else’s, is 404; 401 and 400 change nothing', async () => {
      const created = await createKey(alice);
      const bob = await person(server, 'bob');
      const before = await snapshotDatabase(server.database);
      expect(await errorOf(await server.client().post('/api-key/delete', { keyId: created.id }))).toEqual(
        unauthorized,
      );
      expect(await errorOf(await alice.client.post('/api-key/delete', {}))).toEqual(bodyInvalid);
      expect(await errorOf(await bob.client.post('/api-key/delete', { keyId: created.id }))).toEqual(
        notFound,
      );
      expect(
        await errorOf(
          await alice.client.post('/api-key/delete', { keyId: created.id, configId: 'organization' }),
        ),
      ).toEqual(notFound);
      expect(await snapshotDatabase(server.database)).toBe(before);
      const response = await alice.client.post('/api-key/delete', { keyId: created.id });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ success: true });
      expect(await storedRow(server, created.id)).toBeUndefined();
      expect(await errorOf(await alice.client.post('/api-key/delete', { keyId: created.id }))).toEqual(
        notFound,
      );
    });
  });

  describe('expiry and the server-only calls', () => {
    it('shows an expired key until the sweep, which runs at most once per 10 s', async () => {
      const dave = await person(server, 'dave');
      const shown = await createKey(dave, { expiresIn: DAY });
      server.clock.advance(DAY - 5);
      // This call sweeps (none for a day), while the key still has 5 s to live.
      await dave.client.get('/api-key/list');
      server.clock.advance(6);
      // Expired now, but within 10 s of the last sweep: still shown.
      const listed = await json(await dave.client.get('/api-key/list'));
      expect(listed.apiKeys.map((k: { id: string }) => k.id)).toEqual([shown.id]);
      expect(await storedRow(server, shown.id)).toBeDefined();
      server.clock.advance(10);
      expect(await json(await dave.client.get('/api-key/list'))).toEqual({ apiKeys: [], total: 0 });
      expect(await storedRow(server, shown.id)).toBeUndefined();
    });

    it('answers 404 over HTTP for verify and delete-all-expired-api-keys, and serves them to auth.api', async () => {
      const created = await createKey(alice);
      for (const path of ['/api-key/verify', '/api-key/delete-all-expired-api-keys']) {
        const response = await alice.client.post(path, { key: created.key });
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain(created.key);
      }
      expect((await storedRow(server, created.id))?.requestCount).toBe(0);
      const valid = (await server.auth.api.verifyApiKey({ body: { key: created.key } })) as {
        valid: boolean;
        key: { id: string; requestCount: number };
      };
      expect(valid).toMatchObject({ valid: true, error: null, key: { id: created.id, requestCount: 1 } });
      // The last character changed (never to itself, as a fixed 'x' would be once in 62 keys).
      const altered = `${created.key.slice(0, -1)}${created.key.endsWith('x') ? 'y' : 'x'}`;
      expect(await server.auth.api.verifyApiKey({ body: { key: altered } })).toEqual({
        valid: false,
        error: { code: 'INVALID_API_KEY', message: 'Invalid API key.' },
        key: null,
      });
      expect(
        await server.auth.api.verifyApiKey({ body: { key: created.key, permissions: { files: ['read'] } } }),
      ).toEqual({ valid: false, error: { code: 'KEY_NOT_FOUND', message: 'API Key not found' }, key: null });
      expect(await server.auth.api.deleteAllExpiredApiKeys()).toEqual({ success: true, error: null });
    });
  });
});
