import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../../context.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { refuseBannedUser } from '../../user/ban.ts';
import { findUserById } from '../../user/user.repository.ts';
import { userFromRow } from '../../user/user.ts';
import {
  ADMIN_USER_KEYS,
  BANNED_MESSAGE,
  currentSession,
  PASSWORD,
  seedUser,
  sessionTokens,
  signedInUser,
  snapshot,
  startAdminServer,
  userRow,
} from './test-kit.ts';

const BANNED = { status: 403, code: 'BANNED_USER', message: BANNED_MESSAGE };
const VALIDATION = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };

describe.each(testDialects())('banning users (%s)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;
  let adminEmail: string;
  beforeAll(async () => {
    server = await startAdminServer(dialect);
    ({ client: admin, id: adminId, email: adminEmail } = await signedInUser(server, { role: 'admin' }));
  });
  afterAll(() => server.close());

  const iso = (offsetSeconds = 0) => new Date(server.clock.now() + offsetSeconds * 1000).toISOString();
  const signIn = (email: string, password = PASSWORD) =>
    server.client().post('/sign-in/email', { email, password });

  it('ban-user answers the banned AdminUser, with the default reason and no expiry', async () => {
    const { id } = await seedUser(server);
    server.clock.advance(3);
    const response = await admin.post('/admin/ban-user', { userId: id });
    const { user } = await response.json();
    expect([response.status, Object.keys(user)]).toEqual([200, ADMIN_USER_KEYS]);
    expect(user).toMatchObject({
      id,
      banned: true,
      banReason: 'No reason',
      banExpires: null,
      updatedAt: iso(),
    });
    expect(await userRow(server, id)).toMatchObject({
      banned: true,
      banReason: 'No reason',
      banExpires: null,
    });
  });

  it('ends every session of the user at once: cached get-session answers null on every device', async () => {
    const { id, email, client: laptop } = await signedInUser(server);
    const phone = server.client();
    await phone.signIn(email);
    for (const device of [laptop, phone]) {
      expect((await currentSession(device))?.user.id).toBe(id);
      expect(device.jar.get('better-auth.session_data')).toBeDefined();
    }
    await admin.post('/admin/ban-user', { userId: id, banReason: 'abuse' });
    expect(await sessionTokens(server, id)).toEqual([]);
    for (const device of [laptop, phone]) {
      expect(await currentSession(device)).toBeNull();
      expect(device.jar.get('better-auth.session_token')).toBeUndefined();
    }
  });

  it('refuses sign-in after a correct password with 403 BANNED_USER; a wrong password is still 401', async () => {
    const { id, email } = await seedUser(server, { banned: true, banReason: 'spam' });
    expect(await errorOf(await signIn(email))).toEqual(BANNED);
    expect(await errorOf(await signIn(email, 'not the password'))).toEqual({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(await sessionTokens(server, id)).toEqual([]);
  });

  it('a ban with banExpiresIn refuses sign-in until it passes, then sign-in lifts it', async () => {
    const { id, email } = await seedUser(server);
    const { user } = await (
      await admin.post('/admin/ban-user', { userId: id, banReason: 'cool off', banExpiresIn: 60 })
    ).json();
    expect([user.banReason, user.banExpires]).toEqual(['cool off', iso(60)]);
    server.clock.advance(30);
    expect(await errorOf(await signIn(email))).toEqual(BANNED);
    server.clock.advance(31);
    // Bans end lazily: until the user signs in, the stored ban stays.
    expect((await (await admin.get(`/admin/get-user?id=${id}`)).json()).banned).toBe(true);
    const response = await signIn(email);
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({
      id,
      banned: false,
      banReason: null,
      banExpires: null,
    });
    expect(await userRow(server, id)).toMatchObject({
      banned: false,
      banReason: null,
      banExpires: null,
      updatedAt: iso(),
    });
    expect(await sessionTokens(server, id)).toHaveLength(1);
  });

  it('banExpiresIn 0 counts as not given: the ban is permanent', async () => {
    const { id, email } = await seedUser(server);
    const { user } = await (await admin.post('/admin/ban-user', { userId: id, banExpiresIn: 0 })).json();
    expect(user.banExpires).toBeNull();
    server.clock.advance(400 * 86_400);
    expect(await errorOf(await signIn(email))).toEqual(BANNED);
    await admin.signIn(adminEmail); // the admin's own session expired on the way
  });

  it('unban-user clears the ban and the user can sign in again', async () => {
    const { id, email } = await seedUser(server, {
      banned: true,
      banReason: 'spam',
      banExpires: '2099-01-01T00:00:00.000Z',
    });
    const response = await admin.post('/admin/unban-user', { userId: id });
    const { user } = await response.json();
    expect([response.status, Object.keys(user)]).toEqual([200, ADMIN_USER_KEYS]);
    expect(user).toMatchObject({ id, banned: false, banReason: null, banExpires: null });
    expect((await signIn(email)).status).toBe(200);
  });

  it('an admin cannot ban themselves (400), and nothing changes', async () => {
    const before = await snapshot(server);
    expect(await errorOf(await admin.post('/admin/ban-user', { userId: adminId }))).toEqual({
      status: 400,
      code: 'YOU_CANNOT_BAN_YOURSELF',
      message: 'You cannot ban yourself',
    });
    expect(await snapshot(server)).toBe(before);
    expect((await currentSession(admin))?.user.id).toBe(adminId);
  });

  it('ban-user and unban-user answer 404 for an unknown user', async () => {
    const notFound = { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' };
    expect(await errorOf(await admin.post('/admin/ban-user', { userId: 'nobody' }))).toEqual(notFound);
    expect(await errorOf(await admin.post('/admin/unban-user', { userId: 'nobody' }))).toEqual(notFound);
  });

  it.each([
    ['ban-user', 'banExpiresIn as a string', { banExpiresIn: '60' }],
    ['ban-user', 'a negative banExpiresIn', { banExpiresIn: -1 }],
    ['ban-user', 'a fractional banExpiresIn', { banExpiresIn: 1.5 }],
    ['ban-user', 'a banExpiresIn over a century', { banExpiresIn: 101 * 365 * 86_400 }],
    ['ban-user', 'a numeric banReason', { banReason: 5 }],
    ['ban-user', 'an oversized banReason', { banReason: 'r'.repeat(1025) }],
    ['ban-user', 'no userId', { userId: undefined }],
    ['unban-user', 'a numeric userId', { userId: 12 }],
    ['unban-user', 'no userId', { userId: undefined }],
  ])('%s with %s answers 400 VALIDATION_ERROR and changes nothing', async (route, _, extra) => {
    const { id } = await seedUser(server, { banned: route === 'unban-user' });
    const before = await snapshot(server);
    expect(await errorOf(await admin.post(`/admin/${route}`, { userId: id, ...extra }))).toEqual(VALIDATION);
    expect(await snapshot(server)).toBe(before);
  });

  it('update-user with banned: true also ends every session and refuses sign-in', async () => {
    const { id, email, client } = await signedInUser(server);
    expect((await currentSession(client))?.user.id).toBe(id);
    const response = await admin.post('/admin/update-user', { userId: id, data: { banned: true } });
    expect((await response.json()).banned).toBe(true);
    expect(await sessionTokens(server, id)).toEqual([]);
    expect(await currentSession(client)).toBeNull();
    expect(await errorOf(await signIn(email))).toEqual(BANNED);
  });

  it('a banned admin is refused on admin routes at once (401)', async () => {
    const other = await signedInUser(server, { role: 'admin' });
    await admin.post('/admin/ban-user', { userId: other.id });
    expect(await errorOf(await other.client.get('/admin/list-users'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
  });

  describe('the check at session creation', () => {
    const context = () =>
      ({ options: server.auth.options, db: server.database.db, dialect }) as unknown as AuthContext;
    const loaded = async (id: string) =>
      userFromRow(present(await findUserById(server.database.db, id)), server.auth.options.additionalFields);

    it('reads the ban from the database, not from a copy loaded before the ban', async () => {
      const { id } = await seedUser(server);
      const stale = await loaded(id);
      await server.database.db
        .updateTable('user')
        .set({ banned: 1 } as never)
        .where('id', '=', id)
        .execute();
      await expect(refuseBannedUser(context(), stale)).rejects.toMatchObject(BANNED);
    });

    it('lifts an expired ban, but never a new ban made after the user was loaded', async () => {
      const { id } = await seedUser(server, { banned: true, banReason: 'old', banExpires: iso(-10) });
      const stale = await loaded(id);
      await server.database.db
        .updateTable('user')
        .set({ banReason: 'again', banExpires: null } as never)
        .where('id', '=', id)
        .execute();
      await expect(refuseBannedUser(context(), stale)).rejects.toMatchObject(BANNED);
      expect(await userRow(server, id)).toMatchObject({ banned: true, banReason: 'again', banExpires: null });

      const { id: expired } = await seedUser(server, {
        banned: true,
        banReason: 'old',
        banExpires: iso(-10),
      });
      const user = await loaded(expired);
      await expect(refuseBannedUser(context(), user)).resolves.toBeUndefined();
      expect(user.additional).toMatchObject({ banned: false, banReason: null, banExpires: null });
      expect(await userRow(server, expired)).toMatchObject({
        banned: false,
        banReason: null,
        banExpires: null,
      });
    });
  });
});

describe.each(testDialects())('banning with configured defaults (%s)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  beforeAll(async () => {
    server = await startAdminServer(dialect, {
      defaultBanReason: 'Terms breach',
      defaultBanExpiresIn: 3600,
      bannedUserMessage: 'Your account is suspended.',
    });
    ({ client: admin } = await signedInUser(server, { role: 'admin' }));
  });
  afterAll(() => server.close());

  it('a ban without reason or duration takes the configured ones, and the configured message', async () => {
    const { id, email } = await seedUser(server);
    const { user } = await (await admin.post('/admin/ban-user', { userId: id })).json();
    expect([user.banReason, user.banExpires]).toEqual([
      'Terms breach',
      new Date(server.clock.now() + 3_600_000).toISOString(),
    ]);
    const refused = await server.client().post('/sign-in/email', { email, password: PASSWORD });
    expect(await errorOf(refused)).toEqual({
      status: 403,
      code: 'BANNED_USER',
      message: 'Your account is suspended.',
    });
    server.clock.advance(3601);
    expect((await server.client().post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
  });

  it('a given reason and duration beat the configured ones', async () => {
    const { id } = await seedUser(server);
    const response = await admin.post('/admin/ban-user', {
      userId: id,
      banReason: 'Fraud',
      banExpiresIn: 10,
    });
    const { user } = await response.json();
    expect([user.banReason, user.banExpires]).toEqual([
      'Fraud',
      new Date(server.clock.now() + 10_000).toISOString(),
    ]);
  });
});
