import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestClient } from '../../testing/test-server.ts';
import {
  codeAt,
  freshEmail,
  keyOf,
  PASSWORD,
  startTwoFactorServer,
  type TwoFactorServer,
} from './test-kit.ts';

// Sessions opened before two-factor was on never passed a second factor; an
// organization that requires two-factor would take them as if they had.
describe.each(testDialects())('turning two-factor on ends the other sessions (%s)', (dialect) => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer(dialect, { session: { cookieCache: { enabled: true } } });
  });
  afterAll(() => server.close());

  /** One account signed in on three browsers; the first one turns two-factor on. */
  async function threeBrowsers() {
    const email = freshEmail('others');
    const settings = server.client();
    const { user } = await settings.signUp(email, PASSWORD);
    const laptop = server.client();
    const phone = server.client();
    await laptop.signIn(email, PASSWORD);
    await phone.signIn(email, PASSWORD);
    // Each holds a cookie cache that would answer without the database.
    expect((await laptop.get('/get-session')).status).toBe(200);
    return { settings, laptop, phone, userId: user.id };
  }

  const sessionsOf = (userId: string) =>
    server.database.db.selectFrom('session').select('token').where('userId', '=', userId).execute();

  async function expectSignedOut(client: TestClient) {
    expect(await (await client.get('/get-session')).json()).toBeNull();
    expect(await (await client.get('/get-session?disableCookieCache=true')).json()).toBeNull();
  }

  it('with an authenticator app: at the first code, only the enrolling session remains', async () => {
    const { settings, laptop, phone, userId } = await threeBrowsers();
    const enable = (await (await settings.post('/two-factor/enable', { password: PASSWORD })).json()) as {
      totpURI: string;
    };
    // Enrolment is not on yet: nothing ends before the first code.
    expect(await sessionsOf(userId)).toHaveLength(3);
    const verify = await settings.post('/two-factor/verify-totp', {
      code: codeAt(server, keyOf(enable.totpURI)),
    });
    expect(verify.status).toBe(200);
    const { token } = (await verify.json()) as { token: string };
    expect(await sessionsOf(userId)).toEqual([{ token }]);
    await expectSignedOut(laptop);
    await expectSignedOut(phone);
    expect((await (await settings.get('/get-session')).json()).session.token).toBe(token);
    const events = await server.database.db
      .selectFrom('auditEvent')
      .select('metadata')
      .where('type', '=', 'user.two_factor_enabled')
      .where('targetId', '=', userId)
      .execute();
    expect(events.map((event) => JSON.parse(event.metadata ?? '{}'))).toEqual([{ otherSessionsEnded: 2 }]);
  });

  it('with emailed codes: at once', async () => {
    const { settings, laptop, phone, userId } = await threeBrowsers();
    expect((await settings.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })).status).toBe(
      200,
    );
    expect(await sessionsOf(userId)).toHaveLength(1);
    await expectSignedOut(laptop);
    await expectSignedOut(phone);
    expect((await (await settings.get('/get-session')).json()).user.twoFactorEnabled).toBe(true);
  });
});
