import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import {
  currentSession,
  seedSession,
  sessionTokens,
  signedInUser,
  snapshot,
  startAdminServer,
} from './test-kit.ts';

const SESSION_KEYS = [
  'id',
  'token',
  'userId',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'ipAddress',
  'userAgent',
  'impersonatedBy',
];
const VALIDATION = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
const UNAUTHORIZED = { status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' };

/** Every admin route with input that passes validation, so only the session decides. */
const routes: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
  ['POST', '/admin/create-user', { email: 'someone@example.com', name: 'Someone' }],
  ['GET', '/admin/list-users'],
  ['GET', '/admin/get-user?id=someone'],
  ['POST', '/admin/update-user', { userId: 'someone', data: { name: 'X' } }],
  ['POST', '/admin/set-role', { userId: 'someone', role: 'admin' }],
  ['POST', '/admin/set-user-password', { userId: 'someone', newPassword: 'long enough password' }],
  ['POST', '/admin/ban-user', { userId: 'someone' }],
  ['POST', '/admin/unban-user', { userId: 'someone' }],
  ['POST', '/admin/impersonate-user', { userId: 'someone' }],
  ['POST', '/admin/stop-impersonating', {}],
  ['POST', '/admin/remove-user', { userId: 'someone' }],
  ['POST', '/admin/list-user-sessions', { userId: 'someone' }],
  ['POST', '/admin/revoke-user-session', { sessionToken: 'token' }],
  ['POST', '/admin/revoke-user-sessions', { userId: 'someone' }],
  ['POST', '/admin/has-permission', { permissions: { user: ['list'] } }],
];

describe.each(testDialects())('admin session routes and has-permission (%s)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;
  beforeAll(async () => {
    server = await startAdminServer(dialect);
    ({ client: admin, id: adminId } = await signedInUser(server, { role: 'admin' }));
  });
  afterAll(() => server.close());

  /** A user signed in on a laptop and a phone. */
  async function twoDevices() {
    const laptop = await signedInUser(server);
    const phone = server.client();
    const { token } = await phone.signIn(laptop.email);
    return { ...laptop, laptop: laptop.client, phone, phoneToken: token };
  }

  describe('list-user-sessions', () => {
    it('answers the user’s unexpired sessions, tokens included', async () => {
      const { id, token, phoneToken } = await twoDevices();
      const expired = await seedSession(server, id);
      await server.database.db
        .updateTable('session')
        .set({ expiresAt: new Date(server.clock.now() - 1000).toISOString() })
        .where('token', '=', expired)
        .execute();
      const response = await admin.post('/admin/list-user-sessions', { userId: id });
      const { sessions } = await response.json();
      expect(response.status).toBe(200);
      expect(sessions.map((s: { token: string }) => s.token).sort()).toEqual([token, phoneToken].sort());
      expect(Object.keys(sessions[0])).toEqual(SESSION_KEYS);
      expect(sessions[0]).toMatchObject({ userId: id, impersonatedBy: null, ipAddress: '127.0.0.1' });
    });

    it('answers an empty list for an unknown user, and 400 for bad input', async () => {
      expect(await (await admin.post('/admin/list-user-sessions', { userId: 'nobody' })).json()).toEqual({
        sessions: [],
      });
      expect(await errorOf(await admin.post('/admin/list-user-sessions', {}))).toEqual(VALIDATION);
      expect(await errorOf(await admin.post('/admin/list-user-sessions', { userId: 7 }))).toEqual(VALIDATION);
    });
  });

  describe('revoke-user-session', () => {
    it('ends that one session at once, its cookie cache included; the other device stays', async () => {
      const { id, laptop, phone, token, phoneToken } = await twoDevices();
      expect((await currentSession(phone))?.session.token).toBe(phoneToken);
      const response = await admin.post('/admin/revoke-user-session', { sessionToken: phoneToken });
      expect([response.status, await response.json()]).toEqual([200, { success: true }]);
      expect(await currentSession(phone)).toBeNull();
      expect((await currentSession(laptop))?.session.token).toBe(token);
      expect(await sessionTokens(server, id)).toEqual([token]);
    });

    it('succeeds for an unknown token, changing nothing; 400 for bad input', async () => {
      const before = await snapshot(server);
      expect(
        await (await admin.post('/admin/revoke-user-session', { sessionToken: 'unknown' })).json(),
      ).toEqual({
        success: true,
      });
      expect(await snapshot(server)).toBe(before);
      for (const body of [{}, { sessionToken: '' }, { sessionToken: 5 }, { sessionToken: 't'.repeat(257) }]) {
        expect(await errorOf(await admin.post('/admin/revoke-user-session', body))).toEqual(VALIDATION);
      }
    });
  });

  describe('revoke-user-sessions', () => {
    it('ends every session of the user at once, cached ones included', async () => {
      const { id, laptop, phone } = await twoDevices();
      const response = await admin.post('/admin/revoke-user-sessions', { userId: id });
      expect([response.status, await response.json()]).toEqual([200, { success: true }]);
      expect(await sessionTokens(server, id)).toEqual([]);
      expect([await currentSession(laptop), await currentSession(phone)]).toEqual([null, null]);
      expect((await currentSession(admin))?.user.id).toBe(adminId);
    });

    it('succeeds for an unknown user; 400 for bad input', async () => {
      expect(await (await admin.post('/admin/revoke-user-sessions', { userId: 'nobody' })).json()).toEqual({
        success: true,
      });
      expect(await errorOf(await admin.post('/admin/revoke-user-sessions', { userId: null }))).toEqual(
        VALIDATION,
      );
    });
  });

  describe('has-permission', () => {
    const check = async (client: TestClient, body: unknown) => {
      const response = await client.post('/admin/has-permission', body);
      expect(response.status).toBe(200);
      return response.json();
    };

    it('answers { error: null, success } for the signed-in user', async () => {
      const { client: user } = await signedInUser(server);
      expect(await check(admin, { permissions: { user: ['create', 'delete'], session: ['list'] } })).toEqual({
        error: null,
        success: true,
      });
      for (const permissions of [{ user: ['impersonate-admins'] }, { billing: ['read'] }, { user: [] }, {}]) {
        expect(await check(admin, { permissions })).toEqual({ error: null, success: false });
      }
      expect(await check(user, { permissions: { user: ['list'] } })).toEqual({ error: null, success: false });
    });

    it('over HTTP checks the session user: userId and role in the body are ignored', async () => {
      const { client: user } = await signedInUser(server);
      const body = { userId: adminId, role: 'admin', permissions: { user: ['list'] } };
      expect(await check(user, body)).toEqual({ error: null, success: false });
    });

    it('the deprecated permission key alone answers 400 INVALID_PERMISSION_CHECK, before authentication', async () => {
      for (const client of [admin, server.client()]) {
        expect(
          await errorOf(await client.post('/admin/has-permission', { permission: { user: ['list'] } })),
        ).toEqual({
          status: 400,
          code: 'INVALID_PERMISSION_CHECK',
          message: 'invalid permission check. no permission(s) were passed.',
        });
      }
    });

    it.each([
      ['neither key', {}],
      ['both keys', { permissions: { user: ['list'] }, permission: { user: ['list'] } }],
      ['actions that are not strings', { permissions: { user: [1] } }],
      ['permissions as a list', { permissions: [['user', 'list']] }],
      ['the connector form', { permissions: { user: { actions: ['list'], connector: 'OR' } } }],
      ['too many actions', { permissions: { user: Array.from({ length: 33 }, (_, i) => `a${i}`) } }],
      ['an oversized resource name', { permissions: { ['r'.repeat(65)]: ['list'] } }],
    ])('with %s answers 400 VALIDATION_ERROR', async (_, body) => {
      expect(await errorOf(await admin.post('/admin/has-permission', body))).toEqual(VALIDATION);
    });

    it('answers 401 without a session', async () => {
      const response = await server
        .client()
        .post('/admin/has-permission', { permissions: { user: ['list'] } });
      expect(await errorOf(response)).toEqual(UNAUTHORIZED);
    });
  });

  it.each(routes)('%s %s answers 401 without a session and changes nothing', async (method, path, body) => {
    const before = await snapshot(server);
    expect(await errorOf(await server.client().request(method, path, body))).toEqual(UNAUTHORIZED);
    expect(await snapshot(server)).toBe(before);
  });
});

describe.each(testDialects())('with the admin feature off (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it.each(routes)('%s %s is not routed: 404 NOT_FOUND', async (method, path, body) => {
    const client = server.client();
    await client.signUp(`off-${path.replace(/\W/g, '')}-${method}@example.com`);
    const response = await client.request(method, path, body);
    expect(await errorOf(response)).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Not Found' });
  });

  it('user objects carry no admin fields', async () => {
    const client = server.client();
    await client.signUp('plain@example.com');
    expect(Object.keys(present(await currentSession(client)).user)).toEqual([
      'id',
      'name',
      'email',
      'emailVerified',
      'image',
      'createdAt',
      'updatedAt',
    ]);
  });
});
