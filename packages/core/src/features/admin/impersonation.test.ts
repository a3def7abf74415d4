import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSignedValue } from '../../http/signed-cookie.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, TEST_SECRET, type TestClient, type TestServer } from '../../testing/test-server.ts';
import {
  ADMIN_USER_KEYS,
  BANNED_MESSAGE,
  currentSession,
  seedUser,
  sessionTokens,
  signedInUser,
  snapshot,
  startAdminServer,
  userRow,
} from './test-kit.ts';

const ROOT_ID = 'rootRootRootRootRootRootRootRoot';
const BOSS = 'impersonation-boss@example.com';
const ADMIN_SESSION = 'better-auth.admin_session';

/** The Set-Cookie header a response sent for one cookie name. */
const setCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().find((header) => header.startsWith(`${name}=`));

describe.each(testDialects())('impersonation (%s)', (dialect) => {
  let server: TestServer;
  let adminEmail: string;
  let adminId: string;
  let rootEmail: string;
  beforeAll(async () => {
    server = await startAdminServer(dialect, { adminUserIds: [ROOT_ID], adminEmails: [BOSS] });
    ({ email: adminEmail, id: adminId } = await seedUser(server, { role: 'admin' }));
    ({ email: rootEmail } = await seedUser(server, { id: ROOT_ID, role: 'user' }));
  });
  afterAll(() => server.close());

  /** A browser of the admin's own: impersonating swaps the session in it. */
  async function adminBrowser(email = adminEmail, rememberMe = true) {
    const client = server.client();
    const { token } = await client.signIn(email, undefined, { rememberMe });
    return { client, token };
  }

  async function impersonate(client: TestClient, userId: string) {
    const response = await client.post('/admin/impersonate-user', { userId });
    expect(response.status).toBe(200);
    return { response, body: await response.json() };
  }

  it('the browser then acts as the user, the admin’s session kept aside in admin_session', async () => {
    const { client, token: adminToken } = await adminBrowser();
    const target = await seedUser(server, { name: 'Target' });
    const { response, body } = await impersonate(client, target.id);

    expect(Object.keys(body)).toEqual(['session', 'user']);
    expect(Object.keys(body.user)).toEqual(ADMIN_USER_KEYS);
    expect(body.user).toMatchObject({ id: target.id, email: target.email, name: 'Target' });
    expect(body.session).toMatchObject({
      userId: target.id,
      impersonatedBy: adminId,
      expiresAt: new Date(server.clock.now() + 3_600_000).toISOString(),
    });
    expect(body.session.token).not.toBe(adminToken);

    expect(setCookie(response, ADMIN_SESSION)).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(decodeSignedValue(TEST_SECRET, client.jar.get(ADMIN_SESSION))).toBe(`${adminToken}:`);
    // The impersonation cookie lives only as long as the browser session.
    expect(setCookie(response, 'better-auth.session_token')).not.toContain('Max-Age');
    expect(decodeSignedValue(TEST_SECRET, client.jar.get('better-auth.dont_remember'))).toBe('true');

    const now = await currentSession(client);
    expect([now?.user.id, now?.session.userId, now?.session.impersonatedBy]).toEqual([
      target.id,
      target.id,
      adminId,
    ]);
    expect(await sessionTokens(server, adminId)).toContain(adminToken);
  });

  it('the impersonation session ends after impersonationSessionDuration (3600 s)', async () => {
    const { client } = await adminBrowser();
    const target = await seedUser(server);
    const { body } = await impersonate(client, target.id);
    server.clock.advance(3599);
    expect((await currentSession(client))?.session.token).toBe(body.session.token);
    server.clock.advance(2);
    expect(await currentSession(client)).toBeNull();
    expect(await sessionTokens(server, target.id)).toEqual([]);
  });

  it('the user’s own /list-sessions hides it; admin list-user-sessions shows it', async () => {
    const target = await signedInUser(server);
    const { client } = await adminBrowser();
    const { body } = await impersonate(client, target.id);

    const own = await (await target.client.get('/list-sessions')).json();
    expect(own.map((s: { token: string }) => s.token)).toEqual([target.token]);
    const asUser = await (await client.get('/list-sessions')).json();
    expect(asUser.map((s: { token: string }) => s.token)).toEqual([target.token]);

    const { client: observer } = await adminBrowser();
    const listed = await (await observer.post('/admin/list-user-sessions', { userId: target.id })).json();
    const rows = listed.sessions.map((s: { token: string; impersonatedBy: string | null }) => [
      s.token,
      s.impersonatedBy,
    ]);
    expect(rows.sort()).toEqual(
      [
        [body.session.token, adminId],
        [target.token, null],
      ].sort(),
    );
  });

  it('an impersonated non-admin is refused on admin routes (403)', async () => {
    const { client } = await adminBrowser();
    const target = await seedUser(server);
    await impersonate(client, target.id);
    expect(await errorOf(await client.get('/admin/list-users'))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
      message: 'You are not allowed to list users',
    });
  });

  it('stop-impersonating restores the admin’s session and deletes the impersonation session', async () => {
    const { client, token: adminToken } = await adminBrowser();
    const target = await seedUser(server);
    const { body: started } = await impersonate(client, target.id);
    const response = await client.post('/admin/stop-impersonating');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect([body.session.token, body.session.userId, body.user.id]).toEqual([adminToken, adminId, adminId]);
    expect(Object.keys(body.user)).toEqual(ADMIN_USER_KEYS);

    expect(setCookie(response, 'better-auth.session_token')).toContain('; Max-Age=604800;');
    expect(setCookie(response, ADMIN_SESSION)).toContain('; Max-Age=0;');
    expect(client.jar.get(ADMIN_SESSION)).toBeUndefined();
    expect(client.jar.get('better-auth.dont_remember')).toBeUndefined();

    const now = await currentSession(client);
    expect([now?.user.id, now?.session.token, now?.session.impersonatedBy]).toEqual([
      adminId,
      adminToken,
      null,
    ]);
    expect(await sessionTokens(server, target.id)).not.toContain(started.session.token);
    expect(await sessionTokens(server, target.id)).toEqual([]);
  });

  it('an admin signed in without remember-me gets a browser-session cookie back', async () => {
    const { client, token } = await adminBrowser(adminEmail, false);
    await impersonate(client, (await seedUser(server)).id);
    expect(decodeSignedValue(TEST_SECRET, client.jar.get(ADMIN_SESSION))).toBe(`${token}:true`);
    const response = await client.post('/admin/stop-impersonating');
    expect(setCookie(response, 'better-auth.session_token')).not.toContain('Max-Age');
    expect(decodeSignedValue(TEST_SECRET, client.jar.get('better-auth.dont_remember'))).toBe('true');
    expect((await currentSession(client))?.session.token).toBe(token);
  });

  it('sign-out while impersonating ends both sessions, the admin’s own kept in admin_session too', async () => {
    const { client, token: adminToken } = await adminBrowser();
    const { client: otherBrowser, token: otherToken } = await adminBrowser();
    const target = await signedInUser(server);
    const { body: started } = await impersonate(client, target.id);
    const kept = new Map(client.jar.cookies);

    const response = await client.post('/sign-out');
    expect([response.status, await response.json()]).toEqual([200, { success: true }]);
    for (const name of ['session_token', 'session_data', 'dont_remember', 'admin_session']) {
      expect([name, setCookie(response, `better-auth.${name}`)]).toEqual([
        name,
        expect.stringContaining('Max-Age=0'),
      ]);
    }
    expect(await sessionTokens(server, adminId)).not.toContain(adminToken);
    expect(await sessionTokens(server, target.id)).toEqual([target.token]);
    expect(await sessionTokens(server, adminId)).toContain(otherToken);
    expect(started.session.token).not.toBe(adminToken);

    // The browser is signed out, and its old cookies replayed get no session back.
    expect(await currentSession(client)).toBeNull();
    const replayed = server.client();
    for (const [name, value] of kept) replayed.jar.cookies.set(name, value);
    expect(await errorOf(await replayed.post('/admin/stop-impersonating'))).toMatchObject({ status: 401 });
    expect((await currentSession(otherBrowser))?.session.token).toBe(otherToken);
  });

  it('sign-out while impersonating without an admin_session cookie ends the impersonation only', async () => {
    const { client, token: adminToken } = await adminBrowser();
    const target = await seedUser(server);
    await impersonate(client, target.id);
    client.jar.cookies.delete(ADMIN_SESSION);
    expect((await client.post('/sign-out')).status).toBe(200);
    expect(await sessionTokens(server, target.id)).toEqual([]);
    expect(await sessionTokens(server, adminId)).toContain(adminToken);
  });

  it('a plain sign-out leaves an admin_session cookie and its session alone', async () => {
    const { client, token: adminToken } = await adminBrowser();
    await impersonate(client, (await seedUser(server)).id);
    const admin = client.jar.get(ADMIN_SESSION);
    const person = await signedInUser(server);
    person.client.jar.cookies.set(ADMIN_SESSION, present(admin));
    const response = await person.client.post('/sign-out');
    expect(response.status).toBe(200);
    expect(setCookie(response, ADMIN_SESSION)).toBeUndefined();
    expect(await sessionTokens(server, adminId)).toContain(adminToken);
    expect(await sessionTokens(server, person.id)).toEqual([]);
  });

  it('stop-impersonating without impersonating answers 400 NOT_IMPERSONATING; without a session 401', async () => {
    const { client } = await adminBrowser();
    expect(await errorOf(await client.post('/admin/stop-impersonating'))).toEqual({
      status: 400,
      code: 'NOT_IMPERSONATING',
      message: 'You are not impersonating anyone',
    });
    expect(await errorOf(await server.client().post('/admin/stop-impersonating'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
  });

  it.each([
    ['is missing', (client: TestClient) => client.jar.cookies.delete(ADMIN_SESSION)],
    ['is forged', (client: TestClient) => client.jar.cookies.set(ADMIN_SESSION, 'someone-else%3A.forged')],
  ])(
    'stop-impersonating when admin_session %s answers 500 and keeps the impersonation',
    async (_, tamper) => {
      const { client } = await adminBrowser();
      const target = await seedUser(server);
      const { body } = await impersonate(client, target.id);
      tamper(client);
      expect(await errorOf(await client.post('/admin/stop-impersonating'))).toEqual({
        status: 500,
        code: 'ADMIN_SESSION_NOT_FOUND',
        message: 'Failed to find admin session',
      });
      expect((await currentSession(client))?.session.token).toBe(body.session.token);
    },
  );

  it('stop-impersonating after the admin’s own session was revoked answers 500', async () => {
    const { client, token } = await adminBrowser();
    await impersonate(client, (await seedUser(server)).id);
    await server.database.db.deleteFrom('session').where('token', '=', token).execute();
    expect((await errorOf(await client.post('/admin/stop-impersonating'))).code).toBe(
      'ADMIN_SESSION_NOT_FOUND',
    );
  });

  it('admins cannot impersonate admins, themselves included (403), and nothing changes', async () => {
    const { client } = await adminBrowser();
    const targets = [
      adminId,
      ROOT_ID,
      (await seedUser(server, { role: 'admin' })).id,
      (await seedUser(server, { role: 'user,admin' })).id,
      (await seedUser(server, { email: BOSS, emailVerified: true })).id,
    ];
    const before = await snapshot(server);
    for (const userId of targets) {
      expect(await errorOf(await client.post('/admin/impersonate-user', { userId }))).toEqual({
        status: 403,
        code: 'YOU_CANNOT_IMPERSONATE_ADMINS',
        message: 'You cannot impersonate admins',
      });
    }
    expect(await snapshot(server)).toBe(before);
    expect((await currentSession(client))?.user.id).toBe(adminId);
  });

  it('a user in adminUserIds may impersonate an admin', async () => {
    const { client } = await adminBrowser(rootEmail);
    const { body } = await impersonate(client, adminId);
    expect([body.session.userId, body.session.impersonatedBy]).toEqual([adminId, ROOT_ID]);
    expect((await currentSession(client))?.user.id).toBe(adminId);
  });

  it('a banned target answers 403 BANNED_USER and no session is made; an expired ban is lifted', async () => {
    const { client } = await adminBrowser();
    const banned = await seedUser(server, { banned: true, banExpires: '2099-01-01T00:00:00.000Z' });
    const before = await snapshot(server);
    expect(await errorOf(await client.post('/admin/impersonate-user', { userId: banned.id }))).toEqual({
      status: 403,
      code: 'BANNED_USER',
      message: BANNED_MESSAGE,
    });
    expect(await snapshot(server)).toBe(before);
    expect((await currentSession(client))?.user.id).toBe(adminId);

    const lapsed = await seedUser(server, {
      banned: true,
      banExpires: new Date(server.clock.now() - 1000).toISOString(),
    });
    await impersonate(client, lapsed.id);
    expect((await userRow(server, lapsed.id))?.banned).toBe(false);
  });

  it('answers 404 for an unknown user, 400 VALIDATION_ERROR for bad input, 401 without a session', async () => {
    const { client } = await adminBrowser();
    expect(await errorOf(await client.post('/admin/impersonate-user', { userId: 'nobody' }))).toEqual({
      status: 404,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
    const validation = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
    expect(await errorOf(await client.post('/admin/impersonate-user', {}))).toEqual(validation);
    expect(await errorOf(await client.post('/admin/impersonate-user', { userId: ['a'] }))).toEqual(
      validation,
    );
    expect(await errorOf(await server.client().post('/admin/impersonate-user', { userId: adminId }))).toEqual(
      {
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Unauthorized',
      },
    );
  });
});

describe.each(testDialects())('impersonation with a configured duration (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAdminServer(dialect, { impersonationSessionDuration: 120 });
  });
  afterAll(() => server.close());

  it('the impersonation session lives impersonationSessionDuration seconds', async () => {
    const { client } = await signedInUser(server, { role: 'admin' });
    const target = await seedUser(server);
    const { session } = await (await client.post('/admin/impersonate-user', { userId: target.id })).json();
    expect(session.expiresAt).toBe(new Date(server.clock.now() + 120_000).toISOString());
    server.clock.advance(121);
    expect(await currentSession(client)).toBeNull();
  });
});
