import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, signedInUser } from '../features/admin/test-kit.ts';
import { snapshotDatabase } from '../testing/database-snapshot.ts';
import { testDialects } from '../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server.ts';

const TOO_COMMON = {
  status: 400,
  code: 'PASSWORD_TOO_COMMON',
  message: 'Password is too common: choose one that is harder to guess',
};

describe.each(testDialects())('common passwords refused on %s', (dialect) => {
  let server: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      emailAndPassword: { rejectCommonPasswords: true },
      admin: { enabled: true },
    });
    off = await startTestServer(dialect);
  });
  afterAll(async () => {
    await server.close();
    await off.close();
  });

  it('sign-up with a listed password (any letter case) is refused and writes nothing', async () => {
    for (const password of ['password', 'PassWord1', 'qwertyuiop', 'iloveyou']) {
      const before = await snapshotDatabase(server.database);
      const response = await server
        .client()
        .post('/sign-up/email', { name: 'N', email: 'common@example.com', password });
      expect(await errorOf(response)).toEqual(TOO_COMMON);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await snapshotDatabase(server.database)).toBe(before);
    }
  });

  it('the length rules answer first; an unlisted password is accepted', async () => {
    const short = await server
      .client()
      .post('/sign-up/email', { name: 'N', email: 'a@example.com', password: '123456' });
    expect((await errorOf(short)).code).toBe('PASSWORD_TOO_SHORT');
    const { user } = await server.client().signUp('uncommon@example.com', 'violet kettle ninety');
    expect(user.email).toBe('uncommon@example.com');
  });

  it('change-password and an admin setting a password are held to it too', async () => {
    const person = await signedInUser(server);
    const changed = await person.client.post('/change-password', {
      currentPassword: 'correct horse battery',
      newPassword: 'baseball',
    });
    expect(await errorOf(changed)).toEqual(TOO_COMMON);
    const admin = await signedInUser(server, { role: 'admin' });
    const target = await seedUser(server);
    const set = await admin.client.post('/admin/set-user-password', {
      userId: target.id,
      newPassword: 'sunshine',
    });
    expect(await errorOf(set)).toEqual(TOO_COMMON);
  });

  it('off by default, as in Better Auth', async () => {
    expect(off.auth.options.emailAndPassword.rejectCommonPasswords).toBe(false);
    const response = await off
      .client()
      .post('/sign-up/email', { name: 'N', email: 'x@example.com', password: 'password' });
    expect(response.status).toBe(200);
  });
});
