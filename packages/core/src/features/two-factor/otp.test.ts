import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer } from '../../testing/test-server.ts';
import {
  challenged,
  freshEmail,
  PASSWORD,
  SESSION_COOKIE,
  startTwoFactorServer,
  type TwoFactorServer,
  verificationRows,
} from './test-kit.ts';

const invalidCode = { status: 401, code: 'INVALID_CODE', message: 'Invalid code' };
const expired = { status: 400, code: 'OTP_HAS_EXPIRED', message: 'OTP has expired' };

describe.each(testDialects())('emailed codes (%s)', (dialect) => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer(dialect);
  });
  afterAll(() => server.close());

  /** A user whose only second factor is emailed codes. */
  const otpUser = async () => {
    const client = server.client();
    const email = freshEmail('otp');
    const { user } = await client.signUp(email, PASSWORD);
    expect((await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })).status).toBe(200);
    return { client, email, userId: user.id };
  };
  const lastCode = (email: string) => server.mailer.last(email, 'two-factor-code').code ?? '';

  it('send-otp emails six digits, stored only as a hash; verify-otp signs in', async () => {
    const { email, userId } = await otpUser();
    const { client, body } = await challenged(server, email);
    expect(body.twoFactorMethods).toEqual(['otp']);
    expect(await (await client.post('/two-factor/send-otp', {})).json()).toEqual({ status: true });
    const message = server.mailer.last(email, 'two-factor-code');
    const code = message.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(code);
    const rows = await server.database.db
      .selectFrom('verification')
      .select('value')
      .where('identifier', 'like', '2fa-otp-%')
      .execute();
    expect(rows.some((r) => r.value.startsWith(code))).toBe(false);
    const response = await client.post('/two-factor/verify-otp', { code });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ token: expect.any(String), user: { id: userId } });
    expect(client.jar.get(SESSION_COOKIE)).toBeDefined();
  });

  it('a code works once; a wrong one is INVALID_CODE and the row keeps its expiry', async () => {
    const { email } = await otpUser();
    const { client } = await challenged(server, email);
    await client.post('/two-factor/send-otp', {});
    const code = lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await errorOf(await client.post('/two-factor/verify-otp', { code: wrong }))).toEqual(invalidCode);
    expect((await client.post('/two-factor/verify-otp', { code })).status).toBe(200);
    const again = await challenged(server, email);
    expect(await errorOf(await again.client.post('/two-factor/verify-otp', { code }))).toEqual(expired);
  });

  it('codes expire after 3 minutes; a new send replaces the old code', async () => {
    const { email } = await otpUser();
    const { client } = await challenged(server, email);
    await client.post('/two-factor/send-otp', {});
    const first = lastCode(email);
    await client.post('/two-factor/send-otp', {});
    const second = lastCode(email);
    if (first !== second) {
      expect(await errorOf(await client.post('/two-factor/verify-otp', { code: first }))).toEqual(
        invalidCode,
      );
    }
    server.clock.advance(181);
    expect(await errorOf(await client.post('/two-factor/verify-otp', { code: second }))).toEqual(expired);
  });

  it('five wrong tries spend the code: the sixth is TOO_MANY_ATTEMPTS, then OTP_HAS_EXPIRED', async () => {
    const { email } = await otpUser();
    const { client } = await challenged(server, email);
    await client.post('/two-factor/send-otp', {});
    const code = lastCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await client.post('/two-factor/verify-otp', { code: wrong });
    expect(await errorOf(await client.post('/two-factor/verify-otp', { code }))).toEqual({
      status: 400,
      code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
      message: 'Too many attempts. Please request a new code.',
    });
    expect(await errorOf(await client.post('/two-factor/verify-otp', { code }))).toEqual(expired);
  });

  it('a delivery failure is logged, not shown: send-otp still answers {status:true}', async () => {
    const { email } = await otpUser();
    const { client } = await challenged(server, email);
    server.mailer.failWith = new Error('smtp down');
    try {
      expect(await (await client.post('/two-factor/send-otp', {})).json()).toEqual({ status: true });
    } finally {
      server.mailer.failWith = null;
    }
  });

  it('send-otp and verify-otp without a session or challenge: 401 INVALID_TWO_FACTOR_COOKIE', async () => {
    const invalidCookie = {
      status: 401,
      code: 'INVALID_TWO_FACTOR_COOKIE',
      message: 'Invalid two factor cookie',
    };
    expect(await errorOf(await server.client().post('/two-factor/send-otp', {}))).toEqual(invalidCookie);
    expect(await errorOf(await server.client().post('/two-factor/verify-otp', { code: '123456' }))).toEqual(
      invalidCookie,
    );
    expect(await verificationRows(server, '2fa-otp-missing')).toBe(0);
  });

  it('in session mode a code can be checked (step-up) without changing anything', async () => {
    const { client, email } = await otpUser();
    await client.post('/two-factor/send-otp', {});
    const response = await client.post('/two-factor/verify-otp', { code: lastCode(email) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toBe((await (await client.get('/get-session')).json()).session.token);
  });
});

describe('emailed codes without a mailer', () => {
  it('send-otp and verify-otp answer OTP_NOT_CONFIGURED, enable with otp too; methods list only totp', async () => {
    const server = await startTestServer('sqlite', { twoFactor: { enabled: true } });
    try {
      const client = server.client();
      await client.signUp('nomail@example.com', PASSWORD);
      const notConfigured = { status: 400, code: 'OTP_NOT_CONFIGURED', message: "otp isn't configured" };
      expect(await errorOf(await client.post('/two-factor/send-otp', {}))).toEqual(notConfigured);
      expect(await errorOf(await client.post('/two-factor/verify-otp', { code: '1' }))).toEqual(
        notConfigured,
      );
      expect(
        await errorOf(await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })),
      ).toEqual({
        status: 400,
        code: 'OTP_NOT_CONFIGURED',
        message: 'OTP is not available',
      });
    } finally {
      await server.close();
    }
  });
});
