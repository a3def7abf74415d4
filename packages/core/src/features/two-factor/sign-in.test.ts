import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf } from '../../testing/test-server.ts';
import {
  CHALLENGE_COOKIE,
  challenged,
  codeAt,
  enrolled,
  freshEmail,
  PASSWORD,
  SESSION_COOKIE,
  startTwoFactorServer,
  TRUST_COOKIE,
  type TwoFactorServer,
  verificationRows,
} from './test-kit.ts';

describe.each(testDialects())('sign-in with two-factor on (%s)', (dialect) => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer(dialect);
  });
  afterAll(() => server.close());

  it('a user without two-factor signs in as before, and every user object carries twoFactorEnabled', async () => {
    const client = server.client();
    const email = freshEmail();
    const signUp = await client.signUp(email, PASSWORD);
    expect(signUp.user).toMatchObject({ twoFactorEnabled: false });
    const signIn = await server.client().signIn(email, PASSWORD);
    expect(signIn.token).toEqual(expect.any(String));
    expect(signIn.user).toMatchObject({ email, twoFactorEnabled: false });
  });

  it('answers {twoFactorRedirect, twoFactorMethods} with the challenge cookie and no session', async () => {
    const { email, userId } = await enrolled(server);
    const sessionsBefore = await server.database.db
      .selectFrom('session')
      .where('userId', '=', userId)
      .select('id')
      .execute();
    const client = server.client();
    const response = await client.post('/sign-in/email', { email, password: PASSWORD, callbackURL: '/dash' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(response.headers.get('location')).toBe('/dash');
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith(`${CHALLENGE_COOKIE}=2fa-`))).toMatch(
      /; Max-Age=600; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(cookies).toContain(`${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`);
    expect(cookies).toContain('better-auth.session_data=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    const sessionsAfter = await server.database.db
      .selectFrom('session')
      .where('userId', '=', userId)
      .select('id')
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);
    expect(await (await client.get('/get-session')).json()).toBeNull();
  });

  it('a wrong password still answers the core error, with no challenge', async () => {
    const { email } = await enrolled(server);
    const response = await server.client().post('/sign-in/email', { email, password: 'wrong password!' });
    expect(await errorOf(response)).toEqual({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    expect(response.headers.getSetCookie().some((c) => c.startsWith(CHALLENGE_COOKIE))).toBe(false);
  });

  it('verify-totp with the challenge creates the session and ends the challenge', async () => {
    const { email, key, userId } = await enrolled(server);
    const { client } = await challenged(server, email);
    const response = await client.post('/two-factor/verify-totp', { code: codeAt(server, key) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: expect.objectContaining({ id: userId, twoFactorEnabled: true }),
    });
    expect(response.headers.getSetCookie()).toContain(
      `${CHALLENGE_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
    );
    const session = await (await client.get('/get-session')).json();
    expect(session.session.token).toBe(body.token);
    expect(await verificationRows(server, '2fa-', userId)).toBe(0);
  });

  it('remember-me off at sign-in gives a browser-session cookie after the second factor', async () => {
    const { email, key } = await enrolled(server);
    const { client } = await challenged(server, email, { rememberMe: false });
    expect(client.jar.get('better-auth.dont_remember')).toBeDefined();
    const response = await client.post('/two-factor/verify-totp', { code: codeAt(server, key) });
    const token = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(token).toBeDefined();
    expect(token).not.toContain('Max-Age');
  });

  it('trustDevice: the next sign-in from this browser skips the challenge and renews the trust cookie', async () => {
    const { email, key, userId } = await enrolled(server);
    const { client } = await challenged(server, email);
    const verify = await client.post('/two-factor/verify-totp', {
      code: codeAt(server, key),
      trustDevice: true,
    });
    expect(verify.status).toBe(200);
    const trust = verify.headers.getSetCookie().find((c) => c.startsWith(`${TRUST_COOKIE}=`));
    expect(trust).toMatch(/; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const firstTrust = client.jar.get(TRUST_COOKIE);
    await client.post('/sign-out');
    const again = await client.post('/sign-in/email', { email, password: PASSWORD });
    const body = await again.json();
    expect(body).toMatchObject({ token: expect.any(String), user: { id: userId } });
    expect(client.jar.get(TRUST_COOKIE)).not.toBe(firstTrust);
    expect(await verificationRows(server, 'trust-device-', userId)).toBe(1);
  });

  it('a trust cookie of another user, or a forged one, does not skip the challenge', async () => {
    const a = await enrolled(server);
    const b = await enrolled(server);
    const { client } = await challenged(server, a.email);
    await client.post('/two-factor/verify-totp', { code: codeAt(server, a.key), trustDevice: true });
    await client.post('/sign-out');
    // Same browser, other user: the MAC names user A, so B is challenged and the cookie expired.
    const response = await client.post('/sign-in/email', { email: b.email, password: PASSWORD });
    expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
    expect(response.headers.getSetCookie()).toContain(
      `${TRUST_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`,
    );
    const forged = server.client();
    forged.jar.cookies.set(TRUST_COOKIE, 'forged!trust-device-x.AAAA');
    const again = await forged.post('/sign-in/email', { email: a.email, password: PASSWORD });
    expect(await again.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('methods list only otp while the authenticator enrolment is unconfirmed', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    expect((await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })).status).toBe(200);
    expect((await client.post('/two-factor/enable', { password: PASSWORD })).status).toBe(200);
    const { body } = await challenged(server, email);
    expect(body.twoFactorMethods).toEqual(['otp']);
  });
});

describe('email-verification auto sign-in with two-factor on', () => {
  it('opening the link gives the challenge, not a session', async () => {
    const server = await startTwoFactorServer('sqlite', {
      emailVerification: { autoSignInAfterVerification: true },
    });
    try {
      const settings = server.client();
      const email = freshEmail();
      await settings.signUp(email, PASSWORD);
      await settings.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
      await settings.post('/send-verification-email', { email });
      const browser = server.client();
      const response = await browser.get(server.mailer.lastPath(email, 'verification'));
      expect(response.status).toBeLessThan(400);
      expect(browser.jar.get(CHALLENGE_COOKIE)).toBeDefined();
      expect(browser.jar.get(SESSION_COOKIE)).toBeUndefined();
      expect(await (await browser.get('/get-session')).json()).toBeNull();
    } finally {
      await server.close();
    }
  });
});
