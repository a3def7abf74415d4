import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { symmetricEncrypt } from '../../crypto/encryption.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf } from '../../testing/test-server.ts';
import { hashOtp, otpMatches } from './stored-secrets.ts';
import {
  challenged,
  codeAt,
  enrolled,
  freshEmail,
  keyOf,
  PASSWORD,
  SESSION_COOKIE,
  startTwoFactorServer,
  TRUST_COOKIE,
  type TwoFactorServer,
  verificationRows,
} from './test-kit.ts';

const locked = {
  status: 429,
  code: 'ACCOUNT_TEMPORARILY_LOCKED',
  message:
    'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
};

// Each test names the decision of docs/protocol/two-factor.md#decisions it holds, and fails on 1.7's
// behaviour.
describe.each(testDialects())('two-factor decisions D1–D17 (%s)', (dialect) => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer(dialect, { twoFactor: { enabled: true, issuer: 'Acme Issuer' } });
  });
  afterAll(() => server.close());

  it('D1: a code is accepted once per time step (1.7 accepts it again within the window)', async () => {
    const { email, key } = await enrolled(server);
    const code = codeAt(server, key);
    const first = await challenged(server, email);
    expect((await first.client.post('/two-factor/verify-totp', { code })).status).toBe(200);
    const second = await challenged(server, email);
    expect(await errorOf(await second.client.post('/two-factor/verify-totp', { code }))).toEqual({
      status: 401,
      code: 'INVALID_CODE',
      message: 'Invalid code',
    });
    server.clock.advance(30);
    expect((await second.client.post('/two-factor/verify-totp', { code: codeAt(server, key) })).status).toBe(
      200,
    );
  });

  it('D2: disable forgets every trusted browser of the user, not only the calling one', async () => {
    const { email, key, userId, client: settings } = await enrolled(server);
    const browsers = [];
    for (let offset = 0; offset < 2; offset++) {
      const { client } = await challenged(server, email);
      await client.post('/two-factor/verify-totp', { code: codeAt(server, key), trustDevice: true });
      server.clock.advance(30);
      await client.post('/sign-out');
      browsers.push(client);
    }
    expect(await verificationRows(server, 'trust-device-', userId)).toBe(2);
    expect((await settings.post('/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    expect(await verificationRows(server, 'trust-device-', userId)).toBe(0);
    // Two-factor on again: the once-trusted browser is challenged.
    const enable = await (await settings.post('/two-factor/enable', { password: PASSWORD })).json();
    await settings.post('/two-factor/verify-totp', { code: codeAt(server, keyOf(enable.totpURI)) });
    const [browser] = browsers;
    expect(browser?.jar.get(TRUST_COOKIE)).toBeDefined();
    const again = await browser?.post('/sign-in/email', { email, password: PASSWORD });
    expect(await again?.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('D2: a new authenticator secret (enable) forgets trusted browsers too', async () => {
    const client = server.client();
    const email = freshEmail();
    const { user } = await client.signUp(email, PASSWORD);
    await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
    const { client: browser } = await challenged(server, email);
    await browser.post('/two-factor/send-otp', {});
    const code = server.mailer.last(email, 'two-factor-code').code;
    await browser.post('/two-factor/verify-otp', { code, trustDevice: true });
    expect(await verificationRows(server, 'trust-device-', user.id)).toBe(1);
    await client.post('/two-factor/enable', { password: PASSWORD });
    expect(await verificationRows(server, 'trust-device-', user.id)).toBe(0);
  });

  it('D2: a password change and signing out everywhere forget trusted browsers too', async () => {
    for (const reset of ['change-password', 'revoke-sessions'] as const) {
      const { email, key, userId, client: settings } = await enrolled(server);
      const { client } = await challenged(server, email);
      await client.post('/two-factor/verify-totp', { code: codeAt(server, key), trustDevice: true });
      expect(await verificationRows(server, 'trust-device-', userId)).toBe(1);
      const response =
        reset === 'change-password'
          ? await settings.post('/change-password', {
              currentPassword: PASSWORD,
              newPassword: `${PASSWORD}!`,
            })
          : await settings.post('/revoke-sessions', {});
      expect(response.status).toBe(200);
      expect(await verificationRows(server, 'trust-device-', userId)).toBe(0);
    }
  });

  it('D4: confirming the enrolment answers the new session token and the user with two-factor on', async () => {
    const client = server.client();
    await client.signUp(freshEmail(), PASSWORD);
    const before = client.jar.get(SESSION_COOKIE);
    const enable = await (await client.post('/two-factor/enable', { password: PASSWORD })).json();
    const response = await client.post('/two-factor/verify-totp', {
      code: codeAt(server, keyOf(enable.totpURI)),
    });
    const body = await response.json();
    expect(client.jar.get(SESSION_COOKIE)).not.toBe(before);
    expect(client.jar.get(SESSION_COOKIE)?.startsWith(`${body.token}.`)).toBe(true);
    expect(body.user.twoFactorEnabled).toBe(true);
    // The old session is gone.
    const stale = server.client();
    stale.jar.cookies.set(SESSION_COOKIE, before ?? '');
    expect(await (await stale.get('/get-session?disableCookieCache=true')).json()).toBeNull();
  });

  it('D5: emailed codes are stored hashed; 1.7 rows stored plain or encrypted still verify', () => {
    const secret = 'a-secret-of-the-server-that-is-long-enough';
    expect(otpMatches(secret, hashOtp('012345'), '012345')).toBe(true);
    expect(otpMatches(secret, '012345', '012345')).toBe(true);
    expect(otpMatches(secret, symmetricEncrypt(secret, '012345'), '012345')).toBe(true);
    expect(otpMatches(secret, symmetricEncrypt(secret, '012345'), '012346')).toBe(false);
    expect(otpMatches(secret, hashOtp('012345'), '012346')).toBe(false);
  });

  it('D6: a user with only emailed codes is locked out after 10 failures (1.7 never locks them)', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
    const { client: browser } = await challenged(server, email);
    for (let round = 0; round < 2; round++) {
      await browser.post('/two-factor/send-otp', {});
      const code = server.mailer.last(email, 'two-factor-code').code;
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await browser.post('/two-factor/verify-otp', { code: wrong });
    }
    await browser.post('/two-factor/send-otp', {});
    const code = server.mailer.last(email, 'two-factor-code').code;
    expect(await errorOf(await browser.post('/two-factor/verify-otp', { code }))).toEqual(locked);
    server.clock.advance(901);
    const { client: later } = await challenged(server, email);
    await later.post('/two-factor/send-otp', {});
    const fresh = server.mailer.last(email, 'two-factor-code').code;
    expect((await later.post('/two-factor/verify-otp', { code: fresh })).status).toBe(200);
  });

  it('D7: a user without a password enables two-factor from a fresh session; a stale one is 403', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    // Make it a passwordless account (as a social or passkey sign-up is).
    await server.database.db.deleteFrom('account').where('userId', '=', user.id).execute();
    const enable = await client.post('/two-factor/enable', {});
    expect(enable.status).toBe(200);
    server.clock.advance(2 * 86_400);
    expect(await errorOf(await client.post('/two-factor/get-totp-uri', {}))).toEqual({
      status: 403,
      code: 'SESSION_NOT_FRESH',
      message: 'Session is not fresh',
    });
  });

  it('D15: backup codes of an unconfirmed enrolment do not work (1.7 accepts them)', async () => {
    const client = server.client();
    await client.signUp(freshEmail(), PASSWORD);
    const enable = await (await client.post('/two-factor/enable', { password: PASSWORD })).json();
    expect(
      await errorOf(await client.post('/two-factor/verify-backup-code', { code: enable.backupCodes[0] })),
    ).toEqual({
      status: 401,
      code: 'INVALID_BACKUP_CODE',
      message: 'Invalid backup code',
    });
  });

  it('D17: get-totp-uri names the same issuer as enable (1.7 uses appName there)', async () => {
    const client = server.client();
    await client.signUp(freshEmail(), PASSWORD);
    const enable = await (await client.post('/two-factor/enable', { password: PASSWORD })).json();
    expect(enable.totpURI).toMatch(/^otpauth:\/\/totp\/Acme%20Issuer:/);
    const uri = await (await client.post('/two-factor/get-totp-uri', { password: PASSWORD })).json();
    expect(uri.totpURI).toBe(enable.totpURI);
  });
});

describe.each(testDialects())('two-factor decision D8 (%s)', (dialect) => {
  it('D8: send-otp + verify-otp turn two-factor on only from a fresh session', async () => {
    // Without refresh, so the session stays as old as it is (a refresh counts as fresh activity).
    const server = await startTwoFactorServer(dialect, {
      twoFactor: { enabled: true },
      session: { disableSessionRefresh: true },
    });
    onTestFinished(() => server.close());
    const client = server.client();
    const email = freshEmail();
    const { user } = await client.signUp(email, PASSWORD);
    server.clock.advance(2 * 86_400);
    await client.post('/two-factor/send-otp', {});
    const stale = await client.post('/two-factor/verify-otp', {
      code: server.mailer.last(email, 'two-factor-code').code,
    });
    expect(await errorOf(stale)).toEqual({
      status: 403,
      code: 'SESSION_NOT_FRESH',
      message: 'Session is not fresh',
    });
    const row = (await server.database.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(row.twoFactorEnabled).toBeFalsy();
    const freshClient = server.client();
    await freshClient.signIn(email, PASSWORD);
    await freshClient.post('/two-factor/send-otp', {});
    const on = await freshClient.post('/two-factor/verify-otp', {
      code: server.mailer.last(email, 'two-factor-code').code,
    });
    expect((await on.json()).user.twoFactorEnabled).toBe(true);
  });
});

describe('D3: the second factor is rate limited whenever the limiter is on', () => {
  it('the fourth verify in 10 s from one address is 429, outside production too', async () => {
    const server = await startTwoFactorServer('sqlite', { rateLimit: { enabled: true } });
    try {
      expect(process.env.NODE_ENV).not.toBe('production');
      const client = server.client();
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await client.post('/two-factor/verify-totp', { code: '1' })).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Another second-factor path has its own counter.
      expect((await client.post('/two-factor/verify-backup-code', { code: '1' })).status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
