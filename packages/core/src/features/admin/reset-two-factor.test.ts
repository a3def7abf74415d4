import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { PASSWORD, signedInUser, startAdminServer } from './test-kit.ts';

describe.each(testDialects())('POST /admin/reset-two-factor (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    server = await startAdminServer(dialect, {}, { mailer, twoFactor: { enabled: true } });
  });
  afterAll(() => server.close());

  const count = async (table: 'twoFactor' | 'session', userId: string) =>
    (await server.database.db.selectFrom(table).select('id').where('userId', '=', userId).execute()).length;
  const trustRows = async (userId: string) =>
    (
      await server.database.db
        .selectFrom('verification')
        .select('id')
        .where('identifier', 'like', 'trust-device-%')
        .where('value', '=', userId)
        .execute()
    ).length;

  /** A user with two-factor on (authenticator pending, emailed codes on) and one trusted browser. */
  async function protectedUser() {
    const user = await signedInUser(server);
    await user.client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
    await user.client.post('/two-factor/enable', { password: PASSWORD });
    const browser = server.client();
    expect(
      await (await browser.post('/sign-in/email', { email: user.email, password: PASSWORD })).json(),
    ).toMatchObject({
      twoFactorRedirect: true,
    });
    await browser.post('/two-factor/send-otp', {});
    const code = mailer.last(user.email, 'two-factor-code').code;
    expect((await browser.post('/two-factor/verify-otp', { code, trustDevice: true })).status).toBe(200);
    return user;
  }

  it('turns two-factor off, deletes the secret, forgets trusted browsers and ends every session', async () => {
    const admin = await signedInUser(server, { role: 'admin' });
    const user = await protectedUser();
    expect(await trustRows(user.id)).toBe(1);
    const response = await admin.client.post('/admin/reset-two-factor', { userId: user.id });
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ id: user.id, twoFactorEnabled: false });
    expect(await count('twoFactor', user.id)).toBe(0);
    expect(await trustRows(user.id)).toBe(0);
    expect(await count('session', user.id)).toBe(0);
    const signIn = await server.client().signIn(user.email, PASSWORD);
    expect(signIn.token).toEqual(expect.any(String));
  });

  it('refuses a non-admin (403) and an unknown user (404), changing nothing', async () => {
    const user = await protectedUser();
    const other = await signedInUser(server);
    expect(await errorOf(await other.client.post('/admin/reset-two-factor', { userId: user.id }))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
      message: 'You are not allowed to update users',
    });
    const admin = await signedInUser(server, { role: 'admin' });
    expect((await admin.client.post('/admin/reset-two-factor', { userId: 'nobody' })).status).toBe(404);
    expect((await admin.client.post('/admin/reset-two-factor', { userId: 42 })).status).toBe(400);
    expect(await count('twoFactor', user.id)).toBe(1);
    expect(await trustRows(user.id)).toBe(1);
  });
});
