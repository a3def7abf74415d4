import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestClient, type TestServer } from '../../testing/test-server.ts';
import {
  ADMIN_USER_KEYS,
  currentSession,
  freshEmail,
  seedSession,
  seedUser,
  sessionTokens,
  signedInUser,
  snapshot,
  startAdminServer,
  userRow,
} from './test-kit.ts';

const VALIDATION = { status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' };
const NOT_FOUND = { status: 404, code: 'USER_NOT_FOUND', message: 'User not found' };
const EMAIL_TAKEN = {
  status: 400,
  code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  message: 'User already exists. Use another email.',
};

describe.each(testDialects())('admin user management (%s)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: string;
  beforeAll(async () => {
    server = await startAdminServer(dialect);
    ({ client: admin, id: adminId } = await signedInUser(server, { role: 'admin' }));
  });
  afterAll(() => server.close());

  const iso = () => new Date(server.clock.now()).toISOString();
  const signInStatus = async (email: string, password: string) =>
    (await server.client().post('/sign-in/email', { email, password })).status;
  const accountCount = async (userId: string) =>
    (await server.database.db.selectFrom('account').select('id').where('userId', '=', userId).execute())
      .length;

  describe('create-user', () => {
    it('with a password answers { user } as an AdminUser, signs nobody in, and the user can sign in', async () => {
      const response = await admin.post('/admin/create-user', {
        email: 'New.Person@Example.COM',
        name: 'New Person',
        password: 'initial password',
      });
      expect(response.status).toBe(200);
      // Only the admin's own cache cookie is rewritten (any database read does that); no new session.
      const names = response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]);
      expect(names).toEqual(['better-auth.session_data']);
      const { user } = await response.json();
      expect(Object.keys(user)).toEqual(ADMIN_USER_KEYS);
      expect(user).toEqual({
        id: expect.stringMatching(/^[A-Za-z0-9]{32}$/),
        name: 'New Person',
        email: 'new.person@example.com',
        emailVerified: false,
        image: null,
        createdAt: iso(),
        updatedAt: iso(),
        role: 'user',
        banned: false,
        banReason: null,
        banExpires: null,
      });
      expect((await currentSession(admin))?.user.id).toBe(adminId);
      const signIn = await server.client().post('/sign-in/email', {
        email: 'new.person@example.com',
        password: 'initial password',
      });
      expect([signIn.status, (await signIn.json()).user.id]).toEqual([200, user.id]);
    });

    it('without a password makes a user with no credential account, whom password sign-in refuses', async () => {
      const email = freshEmail('passwordless');
      const { user } = await (await admin.post('/admin/create-user', { email, name: 'No Password' })).json();
      expect(await accountCount(user.id)).toBe(0);
      const signIn = await server.client().post('/sign-in/email', { email, password: 'anything at all' });
      expect(await errorOf(signIn)).toEqual({
        status: 401,
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
      });
    });

    it('stores a role list joined by commas, and emailVerified and image from data', async () => {
      const response = await admin.post('/admin/create-user', {
        email: freshEmail('support'),
        name: 'Support',
        role: ['user', 'support'],
        data: { emailVerified: true, image: 'https://example.com/a.png' },
      });
      const { user } = await response.json();
      expect([user.role, user.emailVerified, user.image]).toEqual([
        'user,support',
        true,
        'https://example.com/a.png',
      ]);
      expect((await userRow(server, user.id))?.role).toBe('user,support');
    });

    it('skips the minimum password length but refuses one over the maximum (400 PASSWORD_TOO_LONG)', async () => {
      const email = freshEmail('short');
      expect((await admin.post('/admin/create-user', { email, name: 'S', password: 'x' })).status).toBe(200);
      expect(await signInStatus(email, 'x')).toBe(200);
      const long = freshEmail('long');
      const response = await admin.post('/admin/create-user', {
        email: long,
        name: 'L',
        password: 'p'.repeat(129),
      });
      expect(await errorOf(response)).toEqual({
        status: 400,
        code: 'PASSWORD_TOO_LONG',
        message: 'Password too long',
      });
      expect(
        await server.database.db.selectFrom('user').select('id').where('email', '=', long).execute(),
      ).toEqual([]);
    });

    it('refuses a taken email, whatever its case, with 400 and creates nothing', async () => {
      const { email } = await seedUser(server);
      const before = await snapshot(server);
      const response = await admin.post('/admin/create-user', { email: email.toUpperCase(), name: 'Dup' });
      expect(await errorOf(response)).toEqual(EMAIL_TAKEN);
      expect(await snapshot(server)).toBe(before);
    });

    it.each([
      ['no body at all', undefined],
      ['a missing email', { name: 'N' }],
      ['a malformed email', { email: 'not-an-email', name: 'N' }],
      ['a numeric email', { email: 42, name: 'N' }],
      ['a missing name', { email: 'missing-name@example.com' }],
      ['an oversized name', { email: 'big-name@example.com', name: 'n'.repeat(257) }],
      ['a numeric password', { email: 'num-pw@example.com', name: 'N', password: 12345678 }],
      ['an empty role', { email: 'empty-role@example.com', name: 'N', role: '' }],
      ['an empty role list', { email: 'empty-roles@example.com', name: 'N', role: [] }],
      ['a non-string role entry', { email: 'bad-role@example.com', name: 'N', role: ['user', 7] }],
      [
        'emailVerified as a string',
        { email: 'bad-ev@example.com', name: 'N', data: { emailVerified: 'yes' } },
      ],
      ['an oversized image', { email: 'big-img@example.com', name: 'N', data: { image: 'i'.repeat(2049) } }],
    ])('with %s answers 400 VALIDATION_ERROR and creates nothing', async (_, body) => {
      const before = await snapshot(server);
      expect(await errorOf(await admin.request('POST', '/admin/create-user', body))).toEqual(VALIDATION);
      expect(await snapshot(server)).toBe(before);
    });
  });

  describe('get-user', () => {
    it('answers the bare AdminUser', async () => {
      const { id, email } = await seedUser(server, { name: 'Gotten', banned: true, banReason: 'spam' });
      const response = await admin.get(`/admin/get-user?id=${id}`);
      const user = await response.json();
      expect([response.status, Object.keys(user)]).toEqual([200, ADMIN_USER_KEYS]);
      expect(user).toMatchObject({
        id,
        email,
        name: 'Gotten',
        role: 'user',
        banned: true,
        banReason: 'spam',
      });
    });

    it('answers 404 USER_NOT_FOUND for an unknown id, 400 without one', async () => {
      expect(await errorOf(await admin.get('/admin/get-user?id=no-such-user'))).toEqual(NOT_FOUND);
      expect(await errorOf(await admin.get('/admin/get-user'))).toEqual({
        ...VALIDATION,
        message: 'Invalid query parameters',
      });
    });
  });

  describe('update-user', () => {
    it('writes the given fields, bumps updatedAt and answers the bare AdminUser', async () => {
      const { id } = await seedUser(server);
      server.clock.advance(5);
      const email = freshEmail('renamed');
      const response = await admin.post('/admin/update-user', {
        userId: id,
        data: {
          name: 'Renamed',
          image: 'https://example.com/b.png',
          email: email.toUpperCase(),
          emailVerified: true,
          role: ['user', 'beta'],
          banReason: 'watch list',
          banExpires: '2099-01-02T03:04:05Z',
          favouriteColour: 'ignored',
        },
      });
      const user = await response.json();
      expect([response.status, Object.keys(user)]).toEqual([200, ADMIN_USER_KEYS]);
      expect(user).toMatchObject({
        id,
        name: 'Renamed',
        image: 'https://example.com/b.png',
        email,
        emailVerified: true,
        role: 'user,beta',
        banned: false,
        banReason: 'watch list',
        banExpires: '2099-01-02T03:04:05.000Z',
        updatedAt: iso(),
      });
      expect(await userRow(server, id)).toMatchObject({
        email,
        name: 'Renamed',
        role: 'user,beta',
        updatedAt: iso(),
      });
    });

    it('banned: false leaves the ban reason and expiry as they were', async () => {
      const { id } = await seedUser(server, {
        banned: true,
        banReason: 'spam',
        banExpires: '2099-01-01T00:00:00.000Z',
      });
      await admin.post('/admin/update-user', { userId: id, data: { banned: false } });
      expect(await userRow(server, id)).toMatchObject({
        banned: false,
        banReason: 'spam',
        banExpires: '2099-01-01T00:00:00.000Z',
      });
    });

    it.each([
      ['{}', {}, 'NO_DATA_TO_UPDATE', 'No data to update'],
      ['only unknown keys', { colour: 'red' }, 'NO_DATA_TO_UPDATE', 'No data to update'],
      [
        'a password',
        { name: 'X', password: 'new password here' },
        'PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER',
        'Password cannot be updated through update-user. Use the set-user-password endpoint instead',
      ],
      ['an id', { id: 'someone-else' }, 'USER_ID_CANNOT_BE_UPDATED', 'User id cannot be updated'],
    ])('with data %s answers its 400 and changes nothing', async (_, data, code, message) => {
      const { id } = await seedUser(server);
      const before = await snapshot(server);
      expect(await errorOf(await admin.post('/admin/update-user', { userId: id, data }))).toEqual({
        status: 400,
        code,
        message,
      });
      expect(await snapshot(server)).toBe(before);
    });

    it('refuses banning yourself (400) and another user’s email (400), changing nothing', async () => {
      const other = await seedUser(server);
      const before = await snapshot(server);
      expect(
        await errorOf(await admin.post('/admin/update-user', { userId: adminId, data: { banned: true } })),
      ).toEqual({
        status: 400,
        code: 'YOU_CANNOT_BAN_YOURSELF',
        message: 'You cannot ban yourself',
      });
      const taken = { userId: adminId, data: { email: other.email.toUpperCase() } };
      expect(await errorOf(await admin.post('/admin/update-user', taken))).toEqual(EMAIL_TAKEN);
      expect(await snapshot(server)).toBe(before);
      expect((await currentSession(admin))?.user.id).toBe(adminId);
    });

    it('answers 404 for an unknown user', async () => {
      const response = await admin.post('/admin/update-user', { userId: 'nobody', data: { name: 'X' } });
      expect(await errorOf(response)).toEqual(NOT_FOUND);
    });

    it.each([
      ['no data', { userId: 'u' }],
      ['data as a string', { userId: 'u', data: 'name=x' }],
      ['a numeric name', { userId: 'u', data: { name: 5 } }],
      ['emailVerified as a string', { userId: 'u', data: { emailVerified: 'yes' } }],
      ['banned as a number', { userId: 'u', data: { banned: 1 } }],
      ['a banExpires that is no date', { userId: 'u', data: { banExpires: 'tomorrow' } }],
      ['a malformed email', { userId: 'u', data: { email: 'a@b' } }],
      ['an empty userId', { userId: '', data: { name: 'X' } }],
      ['an oversized userId', { userId: 'u'.repeat(257), data: { name: 'X' } }],
    ])('with %s answers 400 VALIDATION_ERROR and changes nothing', async (_, body) => {
      const { id } = await seedUser(server);
      const before = await snapshot(server);
      const payload = { ...body, userId: body.userId === 'u' ? id : body.userId };
      expect(await errorOf(await admin.post('/admin/update-user', payload))).toEqual(VALIDATION);
      expect(await snapshot(server)).toBe(before);
    });
  });

  describe('set-role', () => {
    it('stores a string as sent and a list joined by commas; sessions stay', async () => {
      const { id, client, token } = await signedInUser(server);
      const response = await admin.post('/admin/set-role', { userId: id, role: 'wizard' });
      const { user } = await response.json();
      expect([response.status, Object.keys(user), user.role]).toEqual([200, ADMIN_USER_KEYS, 'wizard']);
      await admin.post('/admin/set-role', { userId: id, role: ['admin', 'user'] });
      expect((await userRow(server, id))?.role).toBe('admin,user');
      expect(await sessionTokens(server, id)).toEqual([token]);
      expect((await client.get('/admin/list-users?limit=1')).status).toBe(200);
    });

    it('answers 404 for an unknown user and 400 VALIDATION_ERROR for a missing or numeric role', async () => {
      expect(await errorOf(await admin.post('/admin/set-role', { userId: 'nobody', role: 'admin' }))).toEqual(
        NOT_FOUND,
      );
      const { id } = await seedUser(server);
      const before = await snapshot(server);
      expect(await errorOf(await admin.post('/admin/set-role', { userId: id }))).toEqual(VALIDATION);
      expect(await errorOf(await admin.post('/admin/set-role', { userId: id, role: 3 }))).toEqual(VALIDATION);
      expect(
        await errorOf(await admin.post('/admin/set-role', { userId: id, role: 'r'.repeat(257) })),
      ).toEqual(VALIDATION);
      expect(await snapshot(server)).toBe(before);
    });
  });

  describe('set-user-password', () => {
    it('replaces the password (old one refused, new one works) and keeps sessions', async () => {
      const { id, email, token } = await signedInUser(server);
      const response = await admin.post('/admin/set-user-password', {
        userId: id,
        newPassword: 'replaced password',
      });
      expect([response.status, await response.json()]).toEqual([200, { status: true }]);
      expect(await signInStatus(email, 'correct horse battery')).toBe(401);
      expect(await signInStatus(email, 'replaced password')).toBe(200);
      expect(await sessionTokens(server, id)).toContain(token);
    });

    it('creates a credential account for a user who had none', async () => {
      const { id, email } = await seedUser(server, { withPassword: false });
      await admin.post('/admin/set-user-password', { userId: id, newPassword: 'first password' });
      expect(await accountCount(id)).toBe(1);
      expect(await signInStatus(email, 'first password')).toBe(200);
    });

    it.each([
      ['too short', 'short', { status: 400, code: 'PASSWORD_TOO_SHORT', message: 'Password too short' }],
      ['too long', 'p'.repeat(129), { status: 400, code: 'PASSWORD_TOO_LONG', message: 'Password too long' }],
      ['empty', '', VALIDATION],
      ['a number', 12345678, VALIDATION],
    ])('refuses a password that is %s and changes nothing', async (_, newPassword, expected) => {
      const { id } = await seedUser(server);
      const before = await snapshot(server);
      expect(
        await errorOf(await admin.post('/admin/set-user-password', { userId: id, newPassword })),
      ).toEqual(expected);
      expect(await snapshot(server)).toBe(before);
    });

    it('names the empty field in the validation issues; unknown users get 404', async () => {
      const body = await (
        await admin.post('/admin/set-user-password', { userId: '', newPassword: '' })
      ).json();
      expect(body.issues).toEqual([
        { path: 'body.userId', message: 'userId cannot be empty', kind: 'too_short', limit: 1 },
        { path: 'body.newPassword', message: 'newPassword cannot be empty', kind: 'too_short', limit: 1 },
      ]);
      const response = await admin.post('/admin/set-user-password', {
        userId: 'nobody',
        newPassword: 'long enough pw',
      });
      expect(await errorOf(response)).toEqual(NOT_FOUND);
    });
  });

  describe('remove-user', () => {
    it('deletes the user, their accounts and every session; their cached session ends at once', async () => {
      const { id, client, email } = await signedInUser(server);
      await seedSession(server, id);
      expect((await currentSession(client))?.user.id).toBe(id);
      const response = await admin.post('/admin/remove-user', { userId: id });
      expect([response.status, await response.json()]).toEqual([200, { success: true }]);
      const gone = [await userRow(server, id), await accountCount(id), await sessionTokens(server, id)];
      expect(gone).toEqual([undefined, 0, []]);
      expect(await currentSession(client)).toBeNull();
      expect(await signInStatus(email, 'correct horse battery')).toBe(401);
    });

    it('refuses removing yourself (400) and unknown users (404), changing nothing', async () => {
      const before = await snapshot(server);
      expect(await errorOf(await admin.post('/admin/remove-user', { userId: adminId }))).toEqual({
        status: 400,
        code: 'YOU_CANNOT_REMOVE_YOURSELF',
        message: 'You cannot remove yourself',
      });
      expect(await errorOf(await admin.post('/admin/remove-user', { userId: 'nobody' }))).toEqual(NOT_FOUND);
      expect(await errorOf(await admin.post('/admin/remove-user', { userId: 9 }))).toEqual(VALIDATION);
      expect(await snapshot(server)).toBe(before);
    });
  });
});
