import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '../../email/mailer.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { BODY_INVALID } from '../../testing/people.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { resolveEmailOtp } from './email-otp-options.ts';

// docs/protocol/passwordless.md#2-email-codes-emailotp, and D2 and D3 of
// docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference.

const SUCCESS = { success: true };
const INVALID_OTP = { status: 400, code: 'INVALID_OTP', message: 'Invalid OTP' };
const TOO_MANY_ATTEMPTS = { status: 403, code: 'TOO_MANY_ATTEMPTS', message: 'Too many attempts' };
const SESSION_COOKIE = 'better-auth.session_token';
const PASSWORD = 'correct horse battery';

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;

const setsSession = (response: Response) =>
  response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/.test(c));

type Purpose = 'sign-in' | 'email-verification' | 'forget-password';

describe.each(testDialects())('email codes (%s)', (dialect) => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { mailer, emailOtp: {}, twoFactor: { enabled: true } });
  });
  afterAll(() => server.close());

  const codes = (email: string) => mailer.sent.filter((m) => m.to === email && m.kind === 'email-code');
  /** Sends, then waits for the message the route queued (it never waits for the mailer itself). */
  const send = async (email: string, type: Purpose, client = server.client()) => {
    const before = codes(email).length;
    const response = await client.post('/email-otp/send-verification-otp', { email, type });
    expect(await response.json()).toEqual(SUCCESS);
    for (let i = 0; i < 100 && codes(email).length === before; i++)
      await new Promise((r) => setTimeout(r, 10));
    return codes(email).length > before ? present(codes(email).at(-1)) : undefined;
  };
  const codeFor = async (email: string, type: Purpose) => present((await send(email, type))?.code);
  const signIn = (client: TestClient, email: string, otp: string, extra: Record<string, unknown> = {}) =>
    client.post('/sign-in/email-otp', { email, otp, ...extra });
  const userRow = (email: string) =>
    server.database.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
  const typesOf = async (userId: string) =>
    (
      await server.database.db
        .selectFrom('auditEvent')
        .select(['type', 'metadata'])
        .where('targetId', '=', userId)
        .orderBy('occurredAt')
        .execute()
    ).map((row) => ({ type: row.type, metadata: row.metadata ? JSON.parse(row.metadata) : null }));

  describe('signing in', () => {
    it('a sign-in code creates a verified account for a new address, with the name and image given', async () => {
      const email = freshEmail('new');
      const sent = present(await send(email, 'sign-in'));
      expect(sent.subject).toBe('Your code to sign in');
      const code = present(sent.code);
      expect(code).toMatch(/^\d{6}$/);
      expect(sent.text.match(/(?<!\d)\d{6}(?!\d)/g)).toEqual([code]);
      expect(sent.html).toContain(`>${code}</p>`);
      const row = await server.database.db
        .selectFrom('verification')
        .select('value')
        .where('identifier', '=', `sign-in-otp-${email}`)
        .executeTakeFirstOrThrow();
      expect(row.value).toMatch(/^[A-Za-z0-9_-]{43}:0$/);

      const browser = server.client();
      const answer = await signIn(browser, email.toUpperCase(), code, {
        name: 'Otto',
        image: 'https://img.example/o.png',
      });
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(Object.keys(body).sort()).toEqual(['token', 'user']);
      expect(body.user).toMatchObject({
        email,
        name: 'Otto',
        image: 'https://img.example/o.png',
        emailVerified: true,
      });
      expect(setsSession(answer)).toBe(true);
      expect((await (await browser.get('/get-session')).json()).session.token).toBe(body.token);
      expect(await typesOf(body.user.id)).toEqual(
        expect.arrayContaining([
          { type: 'user.signed_up', metadata: { method: 'email-otp' } },
          { type: 'user.signed_in', metadata: { method: 'email-otp', twoFactor: 'none' } },
        ]),
      );
      expect(await errorOf(await signIn(server.client(), email, code))).toEqual(INVALID_OTP);
    });

    it('a new code replaces the earlier one, and a code of one kind does nothing for another', async () => {
      const email = freshEmail('kinds');
      await server.client().signUp(email, PASSWORD);
      const first = await codeFor(email, 'sign-in');
      const second = await codeFor(email, 'sign-in');
      if (first !== second)
        expect(await errorOf(await signIn(server.client(), email, first))).toEqual(INVALID_OTP);
      // The codes are drawn apart; the rows they live in are what keeps them apart.
      const reset = await codeFor(email, 'forget-password');
      const resetRow = await server.database.db
        .selectFrom('verification')
        .select('identifier')
        .where('identifier', '=', `forget-password-otp-${email}`)
        .executeTakeFirst();
      expect(resetRow).toBeDefined();
      if (reset !== second) {
        expect(await errorOf(await signIn(server.client(), email, reset))).toEqual(INVALID_OTP);
        const resetWithSignIn = await server
          .client()
          .post('/email-otp/reset-password', { email, otp: second, password: 'new password 22' });
        expect(await errorOf(resetWithSignIn)).toEqual(INVALID_OTP);
      }
      expect((await signIn(server.client(), email, second)).status).toBe(200);
    });

    it('an unverified account loses every session and credential first; a verified one keeps them', async () => {
      const email = freshEmail('squatted');
      const squatter = server.client();
      const { user } = await squatter.signUp(email, 'squatter password');
      const owner = server.client();
      expect((await signIn(owner, email, await codeFor(email, 'sign-in'))).status).toBe(200);
      expect(await (await squatter.get('/get-session?disableCookieCache=true')).json()).toBeNull();
      expect(
        (
          await errorOf(
            await server.client().post('/sign-in/email', { email, password: 'squatter password' }),
          )
        ).code,
      ).toBe('INVALID_EMAIL_OR_PASSWORD');
      expect((await (await owner.get('/get-session')).json()).user).toMatchObject({
        id: user.id,
        emailVerified: true,
      });

      // Now verified: a second code sign-in leaves the first session alone.
      const later = server.client();
      expect((await signIn(later, email, await codeFor(email, 'sign-in'))).status).toBe(200);
      expect(await (await owner.get('/get-session?disableCookieCache=true')).json()).not.toBeNull();
    });

    it('expires, and dies after three wrong tries', async () => {
      const email = freshEmail('tries');
      const late = await codeFor(email, 'sign-in');
      server.clock.advance(301);
      expect(await errorOf(await signIn(server.client(), email, late))).toEqual({
        status: 400,
        code: 'OTP_EXPIRED',
        message: 'OTP expired',
      });
      // Until a new code replaces it, or the upkeep removes it.
      expect((await errorOf(await signIn(server.client(), email, late))).code).toBe('OTP_EXPIRED');

      const code = await codeFor(email, 'sign-in');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i++)
        expect(await errorOf(await signIn(server.client(), email, wrong))).toEqual(INVALID_OTP);
      expect(await errorOf(await signIn(server.client(), email, code))).toEqual(TOO_MANY_ATTEMPTS);
      expect(await errorOf(await signIn(server.client(), email, code))).toEqual(INVALID_OTP);
      expect(await userRow(email)).toBeUndefined();
    });

    it('signs in once when the right code arrives many times at once, and counts concurrent wrong tries', async () => {
      const email = freshEmail('race');
      const code = await codeFor(email, 'sign-in');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => signIn(server.client(), email, code)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);

      // However many wrong codes arrive at once, at most three are ever compared.
      const next = await codeFor(email, 'sign-in');
      const wrong = next === '000000' ? '111111' : '000000';
      await Promise.all(Array.from({ length: 8 }, () => signIn(server.client(), email, wrong)));
      const row = await server.database.db
        .selectFrom('verification')
        .select('value')
        .where('identifier', '=', `sign-in-otp-${email}`)
        .executeTakeFirst();
      const failures = row ? Number(row.value.split(':').pop()) : 3;
      expect(failures).toBeLessThanOrEqual(3);
      expect(failures).toBeGreaterThanOrEqual(1);
    });

    it('owes the second factor when two-factor is on (D2)', async () => {
      const email = freshEmail('second');
      const first = server.client();
      expect((await signIn(first, email, await codeFor(email, 'sign-in'))).status).toBe(200);
      expect(await (await first.post('/two-factor/enable', { method: 'otp' })).json()).toEqual({
        method: 'otp',
      });

      const browser = server.client();
      const answer = await signIn(browser, email, await codeFor(email, 'sign-in'));
      expect(await answer.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
      expect(answer.headers.getSetCookie().some((c) => c.startsWith('better-auth.two_factor='))).toBe(true);
      expect(setsSession(answer)).toBe(false);
      expect(await (await browser.get('/get-session')).json()).toBeNull();
      await browser.post('/two-factor/send-otp', {});
      const second = present(mailer.last(email, 'two-factor-code').code);
      expect((await browser.post('/two-factor/verify-otp', { code: second })).status).toBe(200);
      const session = await (await browser.get('/get-session')).json();
      const signedIn = (await typesOf(session.user.id)).filter((e) => e.type === 'user.signed_in').pop();
      expect(signedIn?.metadata).toEqual({ method: 'email-otp', twoFactor: 'otp' });
    });
  });

  describe('sending', () => {
    it('answers the same for every address; verification and reset codes go to accounts only', async () => {
      const known = freshEmail('known');
      await server.client().signUp(known, PASSWORD);
      const unknown = freshEmail('unknown');
      for (const type of ['email-verification', 'forget-password'] as const) {
        expect(await send(unknown, type)).toBeUndefined();
        expect((await send(known, type))?.subject).toBe(
          type === 'forget-password'
            ? 'Your code to reset your password'
            : 'Your code to verify your email address',
        );
      }
      for (const path of ['/email-otp/request-password-reset', '/forget-password/email-otp']) {
        expect(await (await server.client().post(path, { email: unknown })).json()).toEqual(SUCCESS);
        expect(await (await server.client().post(path, { email: known })).json()).toEqual(SUCCESS);
      }
      for (let i = 0; i < 100 && codes(known).length < 4; i++) await new Promise((r) => setTimeout(r, 10));
      expect(codes(known)).toHaveLength(4);
      expect(codes(unknown)).toHaveLength(0);
    });

    it('refuses change-email, another type, a malformed address and bad input', async () => {
      const post = (body: unknown) => server.client().post('/email-otp/send-verification-otp', body);
      expect(await errorOf(await post({ email: 'a@example.com', type: 'change-email' }))).toEqual({
        status: 400,
        code: 'INVALID_OTP_TYPE',
        message: 'Invalid OTP type',
      });
      expect(await errorOf(await post({ email: 'a@example.com', type: 'other' }))).toEqual(BODY_INVALID);
      expect(await errorOf(await post({ email: 'not an email', type: 'sign-in' }))).toEqual({
        status: 400,
        code: 'INVALID_EMAIL',
        message: 'Invalid email',
      });
      for (const bad of [
        {},
        { email: 'a@example.com' },
        { type: 'sign-in' },
        { email: 5, type: 'sign-in' },
        { email: `${'a'.repeat(1025)}`, type: 'sign-in' },
        { email: 'a\u0000@example.com', type: 'sign-in' },
      ]) {
        expect(await errorOf(await post(bad))).toEqual(BODY_INVALID);
      }
      for (const path of ['/email-otp/request-password-reset', '/forget-password/email-otp']) {
        expect((await errorOf(await server.client().post(path, { email: 'nope' }))).code).toBe(
          'INVALID_EMAIL',
        );
        expect(await errorOf(await server.client().post(path, {}))).toEqual(BODY_INVALID);
      }
      const malformed = await server.client().post('/email-otp/send-verification-otp', undefined, {
        raw: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(await errorOf(malformed)).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Invalid JSON in request body',
      });
      expect(mailer.sent.filter((m) => m.to === 'a@example.com')).toEqual([]);
    });

    it('answers without waiting for a mail server that never answers (D3)', async () => {
      const stuck: Mailer = { send: () => new Promise<void>(() => {}) };
      const hanging = await startTestServer(dialect, { mailer: stuck, emailOtp: {} });
      try {
        await hanging.client().signUp('stuck@example.com', PASSWORD);
        for (const [path, body] of [
          ['/email-otp/send-verification-otp', { email: 'stuck@example.com', type: 'forget-password' }],
          ['/email-otp/send-verification-otp', { email: 'stuck@example.com', type: 'email-verification' }],
          ['/email-otp/request-password-reset', { email: 'stuck@example.com' }],
          ['/forget-password/email-otp', { email: 'stuck@example.com' }],
          ['/email-otp/send-verification-otp', { email: 'nobody@example.com', type: 'forget-password' }],
        ] as const) {
          expect(await (await hanging.client().post(path, body)).json()).toEqual(SUCCESS);
        }
      } finally {
        await hanging.close();
      }
    });
  });

  it('does not change the address by code', async () => {
    for (const [path, body] of [
      ['/email-otp/request-email-change', { newEmail: 'new@example.com' }],
      ['/email-otp/change-email', { newEmail: 'new@example.com', otp: '123456' }],
    ] as const) {
      expect(await errorOf(await server.client().post(path, body))).toEqual({
        status: 400,
        code: 'CHANGE_EMAIL_OTP_DISABLED',
        message: 'Change email with OTP is disabled',
      });
      expect(await errorOf(await server.client().post(path, {}))).toEqual(BODY_INVALID);
    }
  });

  describe('verifying the address', () => {
    it('marks it verified; the session of the account sees it at once, the others end', async () => {
      const email = freshEmail('verify');
      const other = server.client();
      await other.signUp(email, PASSWORD);
      const own = server.client();
      expect((await own.post('/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      const code = await codeFor(email, 'email-verification');
      const answer = await own.post('/email-otp/verify-email', { email, otp: code });
      const body = await answer.json();
      expect(body).toMatchObject({ status: true, token: null, user: { email, emailVerified: true } });
      expect((await (await own.get('/get-session')).json()).user.emailVerified).toBe(true);
      expect(await (await other.get('/get-session?disableCookieCache=true')).json()).toBeNull();
      expect(await typesOf(body.user.id)).toContainEqual({
        type: 'user.email_verified',
        metadata: { method: 'email-otp' },
      });
      expect(await errorOf(await own.post('/email-otp/verify-email', { email, otp: code }))).toEqual(
        INVALID_OTP,
      );
    });

    it('refuses a wrong code and bad input', async () => {
      const email = freshEmail('verify-bad');
      await server.client().signUp(email, PASSWORD);
      const code = await codeFor(email, 'email-verification');
      const wrong = code === '000000' ? '111111' : '000000';
      const post = (body: unknown) => server.client().post('/email-otp/verify-email', body);
      expect(await errorOf(await post({ email, otp: wrong }))).toEqual(INVALID_OTP);
      expect((await errorOf(await post({ email: 'nope', otp: code }))).code).toBe('INVALID_EMAIL');
      for (const bad of [
        {},
        { email },
        { otp: code },
        { email, otp: 1 },
        { email, otp: 'x'.repeat(65) },
        { email, otp: `${code}\u0000` },
      ])
        expect(await errorOf(await post(bad))).toEqual(BODY_INVALID);
      expect((await userRow(email))?.emailVerified).toBeFalsy();
      expect((await post({ email, otp: code })).status).toBe(200);
    });
  });

  describe('checking a code', () => {
    it('says whether it is right without spending it; a wrong one counts as a try', async () => {
      const email = freshEmail('check');
      await server.client().signUp(email, PASSWORD);
      const code = await codeFor(email, 'sign-in');
      const wrong = code === '000000' ? '111111' : '000000';
      const check = (otp: string, type = 'sign-in') =>
        server.client().post('/email-otp/check-verification-otp', { email, type, otp });
      expect(await (await check(code)).json()).toEqual(SUCCESS);
      expect(await (await check(code)).json()).toEqual(SUCCESS);
      expect(await errorOf(await check(code, 'forget-password'))).toEqual(INVALID_OTP);
      expect(await errorOf(await check(wrong))).toEqual(INVALID_OTP);
      expect(await errorOf(await check(wrong))).toEqual(INVALID_OTP);
      expect((await signIn(server.client(), email, code)).status).toBe(200);

      const next = await codeFor(email, 'sign-in');
      for (let i = 0; i < 3; i++) await check(wrong);
      expect(await errorOf(await check(next))).toEqual(TOO_MANY_ATTEMPTS);
    });

    it('answers USER_NOT_FOUND for a right code of an address without account, and refuses bad input', async () => {
      const email = freshEmail('check-new');
      const code = await codeFor(email, 'sign-in');
      const post = (body: unknown) => server.client().post('/email-otp/check-verification-otp', body);
      expect(await errorOf(await post({ email, type: 'sign-in', otp: code }))).toEqual({
        status: 400,
        code: 'USER_NOT_FOUND',
        message: 'User not found',
      });
      expect((await errorOf(await post({ email: 'nope', type: 'sign-in', otp: code }))).code).toBe(
        'INVALID_EMAIL',
      );
      expect(await errorOf(await post({ email, type: 'change-email', otp: code }))).toEqual(INVALID_OTP);
      for (const bad of [
        {},
        { email, otp: code },
        { email, type: 'x', otp: code },
        { email, type: 'sign-in', otp: 7 },
      ])
        expect(await errorOf(await post(bad))).toEqual(BODY_INVALID);
      expect((await signIn(server.client(), email, code)).status).toBe(200);
    });
  });

  describe('resetting the password', () => {
    it('checks the password first, then spends the code as the link reset does', async () => {
      const email = freshEmail('reset');
      const before = server.client();
      const { user } = await before.signUp(email, 'old password 11');
      const code = await codeFor(email, 'forget-password');
      const reset = (password: string, otp = code) =>
        server.client().post('/email-otp/reset-password', { email, otp, password });
      expect(await errorOf(await reset('short'))).toEqual({
        status: 400,
        code: 'PASSWORD_TOO_SHORT',
        message: 'Password too short',
      });
      expect((await errorOf(await reset('x'.repeat(129)))).code).toBe('PASSWORD_TOO_LONG');
      expect(await (await reset('new password 22')).json()).toEqual(SUCCESS);
      expect(await errorOf(await reset('third password 33'))).toEqual(INVALID_OTP);

      expect(
        (await server.client().post('/sign-in/email', { email, password: 'new password 22' })).status,
      ).toBe(200);
      expect(
        (await server.client().post('/sign-in/email', { email, password: 'old password 11' })).status,
      ).toBe(401);
      // The address is proven by the code, so the account is verified; the sessions before it end.
      expect((await userRow(email))?.emailVerified).toBeTruthy();
      expect(await (await before.get('/get-session?disableCookieCache=true')).json()).toBeNull();
      expect(await typesOf(user.id)).toEqual(
        expect.arrayContaining([
          { type: 'user.password_reset_requested', metadata: { method: 'email-otp' } },
          {
            type: 'user.password_reset_completed',
            metadata: { sessionsRevoked: false, method: 'email-otp' },
          },
        ]),
      );
    });

    it('gives a password to an account that had none, and refuses a wrong code and bad input', async () => {
      const email = freshEmail('no-password');
      expect((await signIn(server.client(), email, await codeFor(email, 'sign-in'))).status).toBe(200);
      const code = await codeFor(email, 'forget-password');
      const wrong = code === '000000' ? '111111' : '000000';
      const post = (body: unknown) => server.client().post('/email-otp/reset-password', body);
      expect(await errorOf(await post({ email, otp: wrong, password: 'first password 1' }))).toEqual(
        INVALID_OTP,
      );
      expect(
        (await errorOf(await post({ email: 'nope', otp: code, password: 'first password 1' }))).code,
      ).toBe('INVALID_EMAIL');
      for (const bad of [
        {},
        { email, otp: code },
        { email, password: 'first password 1' },
        { email, otp: code, password: 5 },
        { email, otp: code, password: 'p'.repeat(4097) },
      ])
        expect(await errorOf(await post(bad))).toEqual(BODY_INVALID);
      expect(await (await post({ email, otp: code, password: 'first password 1' })).json()).toEqual(SUCCESS);
      expect(
        (await server.client().post('/sign-in/email', { email, password: 'first password 1' })).status,
      ).toBe(200);
    });
  });
});

describe('email codes and the sign-up policy', () => {
  it('with sign-up closed, a sign-in code goes to accounts only, and a new address cannot sign in', async () => {
    const mailer = new CaptureMailer();
    const server = await startTestServer('sqlite', {
      mailer,
      emailOtp: { expiresIn: 120 },
      signUp: 'closed',
    });
    try {
      const sent = (email: string) => mailer.sent.filter((m: EmailMessage) => m.to === email);
      expect(
        await (
          await server
            .client()
            .post('/email-otp/send-verification-otp', { email: 'new@example.com', type: 'sign-in' })
        ).json(),
      ).toEqual(SUCCESS);
      // Sign-up is closed: the account was there before (an admin made it).
      const at = new Date(server.clock.now()).toISOString();
      await server.database.db
        .insertInto('user')
        .values({
          id: 'old-user',
          name: 'Old',
          email: 'old@example.com',
          emailVerified: 1,
          image: null,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await server
        .client()
        .post('/email-otp/send-verification-otp', { email: 'old@example.com', type: 'sign-in' });
      for (let i = 0; i < 100 && sent('old@example.com').length === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(sent('new@example.com')).toEqual([]);
      const message = present(sent('old@example.com')[0]);
      expect(message.text).toContain('expires in 2 min.');
      const signedIn = await server
        .client()
        .post('/sign-in/email-otp', { email: 'old@example.com', otp: message.code });
      expect(signedIn.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('email code options', () => {
  const mailer = new CaptureMailer();
  it('default to a 300 s lifetime, refuse a bad one and need a mailer', () => {
    expect(resolveEmailOtp({}, { mailer })).toEqual({ expiresIn: 300 });
    expect(resolveEmailOtp(undefined, { mailer })).toBeUndefined();
    expect(() => resolveEmailOtp({ expiresIn: 2.5 }, { mailer })).toThrow(
      'emailOtp.expiresIn must be a whole number of seconds above 0, got 2.5',
    );
    expect(() => resolveEmailOtp({}, { mailer: undefined })).toThrow('emailOtp needs a mailer');
  });
});
