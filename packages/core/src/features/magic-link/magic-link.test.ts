import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../email/mailer.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { BODY_INVALID, QUERY_INVALID } from '../../testing/people.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { resolveMagicLink } from './magic-link-options.ts';

// docs/protocol/passwordless.md#1-magic-link, and D1 and D2 of
// docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference.

const INVALID_OTP = { status: 400, code: 'INVALID_OTP', message: 'Invalid OTP' };
const SESSION_COOKIE = 'better-auth.session_token';

let counter = 0;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;

/** The six-digit runs of a text part outside its links. */
const standaloneCodes = (text: string) =>
  text.replace(/https?:\/\/\S+/g, '').match(/(?<!\d)\d{6}(?!\d)/g) ?? [];

const setsSession = (response: Response) =>
  response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/.test(c));

describe.each(testDialects())('magic link (%s)', (dialect) => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { mailer, magicLink: {}, twoFactor: { enabled: true } });
  });
  afterAll(() => server.close());

  const ask = (email: string, extra: Record<string, unknown> = {}) =>
    server.client().post('/sign-in/magic-link', { email, ...extra });
  const message = (email: string): EmailMessage => mailer.last(email, 'magic-link');
  const tokenOf = (email: string) => present(new URL(message(email).link).searchParams.get('token'));
  const codeOf = (email: string) => present(message(email).code);
  /** The emailed link without its callbackURL: the JSON answer. */
  const follow = (client: TestClient, token: string, query = '') =>
    client.get(`/magic-link/verify?token=${token}${query}`);
  const verifyCode = (client: TestClient, email: string, code: string) =>
    client.post('/magic-link/verify-code', { email, code });
  const userRow = (email: string) =>
    server.database.db.selectFrom('user').selectAll().where('email', '=', email).executeTakeFirst();
  const eventsOf = async (userId: string) =>
    (
      await server.database.db
        .selectFrom('auditEvent')
        .select(['type', 'metadata', 'errorCode'])
        .where('targetId', '=', userId)
        .orderBy('occurredAt')
        .execute()
    ).map((row) => ({ ...row, metadata: row.metadata ? JSON.parse(row.metadata) : null }));
  const verificationRows = () =>
    server.database.db.selectFrom('verification').select(['identifier', 'value']).execute();

  it('mails a link and a code; the link creates a verified account without password and lands on newUserCallbackURL', async () => {
    const email = freshEmail('new');
    const asked = await ask(email, { name: 'Ann', callbackURL: '/home', newUserCallbackURL: '/welcome' });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: true });

    const sent = message(email);
    const token = tokenOf(email);
    expect(token).toMatch(/^[A-Za-z]{32}$/);
    expect(sent.link).toBe(
      `${server.url}/api/auth/magic-link/verify?token=${token}&callbackURL=%2Fhome&newUserCallbackURL=%2Fwelcome`,
    );
    expect(sent.text).toContain(sent.link);
    expect(sent.html).toContain(sent.link.replaceAll('&', '&amp;'));
    expect(standaloneCodes(sent.text)).toEqual([codeOf(email)]);
    expect(sent.html).toContain(`>${codeOf(email)}</p>`);
    // Stored hashed: neither the token nor the code is in any row.
    for (const row of await verificationRows()) {
      expect(row.identifier).not.toContain(token);
      expect(row.value).not.toContain(codeOf(email));
    }

    const browser = server.client();
    const landed = await browser.get(mailer.lastPath(email, 'magic-link'));
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe(`${server.url}/welcome`);
    expect(setsSession(landed)).toBe(true);
    const session = await (await browser.get('/get-session')).json();
    expect(session.user).toMatchObject({ email, name: 'Ann', emailVerified: true });
    const userId = session.user.id as string;
    expect(
      await server.database.db.selectFrom('account').select('id').where('userId', '=', userId).execute(),
    ).toEqual([]);
    expect(await eventsOf(userId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'user.signed_up', metadata: { method: 'email-link' } }),
        expect.objectContaining({
          type: 'user.signed_in',
          metadata: { method: 'email-link', twoFactor: 'none' },
        }),
      ]),
    );

    // Spent: the error target defaults to callbackURL, and no cookie is set.
    const again = await server.client().get(`/magic-link/verify?token=${token}&callbackURL=%2Fhome`);
    expect(again.headers.get('location')).toBe(`${server.url}/home?error=INVALID_TOKEN`);
    expect(setsSession(again)).toBe(false);
  });

  it('without callbackURL answers the session as JSON; a verified account keeps its password and sessions', async () => {
    const email = freshEmail('verified');
    const owner = server.client();
    await owner.signUp(email, 'owner password 1');
    await server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 })
      .where('email', '=', email)
      .execute();

    await ask(email, { callbackURL: '/home', newUserCallbackURL: '/welcome' });
    const redirected = await server
      .client()
      .get(`/magic-link/verify?token=${tokenOf(email)}&callbackURL=%2Fhome&newUserCallbackURL=%2Fwelcome`);
    expect(redirected.headers.get('location')).toBe(`${server.url}/home`);

    await ask(email);
    const browser = server.client();
    const answer = await follow(browser, tokenOf(email));
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({ user: { email, emailVerified: true }, session: { token: body.token } });
    expect((await (await browser.get('/get-session')).json()).session.token).toBe(body.token);
    expect(await (await owner.get('/get-session?disableCookieCache=true')).json()).not.toBeNull();
    const password = await server.client().post('/sign-in/email', { email, password: 'owner password 1' });
    expect(password.status).toBe(200);
  });

  it('an unverified account loses every session and credential before the link signs its owner in', async () => {
    const email = freshEmail('squatted');
    const squatter = server.client();
    const { user } = await squatter.signUp(email, 'squatter password');
    expect((await userRow(email))?.emailVerified).toBeFalsy();
    // The squatter's second factor would otherwise stand between the owner and the account.
    const enabled = await squatter.post('/two-factor/enable', {
      password: 'squatter password',
      method: 'otp',
    });
    expect(await enabled.json()).toEqual({ method: 'otp' });

    await ask(email);
    const owner = server.client();
    const answer = await follow(owner, tokenOf(email));
    expect(await answer.json()).toMatchObject({
      user: { id: user.id, emailVerified: true, twoFactorEnabled: false },
    });

    expect(await (await squatter.get('/get-session?disableCookieCache=true')).json()).toBeNull();
    expect(
      await errorOf(await server.client().post('/sign-in/email', { email, password: 'squatter password' })),
    ).toEqual({ status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect((await (await owner.get('/get-session')).json()).user).toMatchObject({
      id: user.id,
      emailVerified: true,
    });
    expect(
      await server.database.db.selectFrom('account').select('id').where('userId', '=', user.id).execute(),
    ).toEqual([]);
    expect(await eventsOf(user.id)).toContainEqual(
      expect.objectContaining({
        type: 'user.email_verified',
        metadata: { takenOver: true, sessionsRevoked: 1 },
      }),
    );
  });

  it('checks each redirect target before anything is stored or sent', async () => {
    const email = freshEmail('targets');
    const before = (await verificationRows()).length;
    for (const [field, code, text] of [
      ['callbackURL', 'INVALID_CALLBACK_URL', 'Invalid callbackURL'],
      ['newUserCallbackURL', 'INVALID_NEW_USER_CALLBACK_URL', 'Invalid newUserCallbackURL'],
      ['errorCallbackURL', 'INVALID_ERROR_CALLBACK_URL', 'Invalid errorCallbackURL'],
    ] as const) {
      expect(await errorOf(await ask(email, { [field]: 'https://evil.example/x' }))).toEqual({
        status: 403,
        code,
        message: text,
      });
    }
    expect(mailer.count(email)).toBe(0);
    expect((await verificationRows()).length).toBe(before);

    // At the link, any foreign target answers INVALID_CALLBACK_URL and leaves the token usable.
    await ask(email);
    const token = tokenOf(email);
    for (const field of ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL']) {
      const refused = await server
        .client()
        .get(`/magic-link/verify?token=${token}&${field}=https://evil.example`);
      expect(await errorOf(refused)).toEqual({
        status: 403,
        code: 'INVALID_CALLBACK_URL',
        message: 'Invalid callbackURL',
      });
    }
    expect((await follow(server.client(), token)).status).toBe(200);
  });

  it('an unknown, spent or expired token is sent to the error target with INVALID_TOKEN', async () => {
    const unknown = (query: string) => server.client().get(`/magic-link/verify?token=nope${query}`);
    expect((await unknown('&callbackURL=/in&errorCallbackURL=/oops')).headers.get('location')).toBe(
      `${server.url}/oops?error=INVALID_TOKEN`,
    );
    expect((await unknown('&callbackURL=/in')).headers.get('location')).toBe(
      `${server.url}/in?error=INVALID_TOKEN`,
    );
    const bare = await unknown('');
    expect(bare.status).toBe(302);
    expect(bare.headers.get('location')).toBe(`${server.url}/?error=INVALID_TOKEN`);
    expect(setsSession(bare)).toBe(false);

    const email = freshEmail('late');
    await ask(email);
    server.clock.advance(301);
    expect((await follow(server.client(), tokenOf(email))).headers.get('location')).toBe(
      `${server.url}/?error=INVALID_TOKEN`,
    );
    expect(await errorOf(await verifyCode(server.client(), email, codeOf(email)))).toEqual({
      status: 400,
      code: 'OTP_EXPIRED',
      message: 'OTP expired',
    });
    expect(await userRow(email)).toBeUndefined();
  });

  it('signs in once when the same link is followed many times at once', async () => {
    const email = freshEmail('race');
    await ask(email);
    const token = tokenOf(email);
    const answers = await Promise.all(Array.from({ length: 6 }, () => follow(server.client(), token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 302, 302, 302, 302, 302]);
    const user = present(await userRow(email));
    const sessions = await server.database.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', user.id as string)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  describe('the code beside the link (D1)', () => {
    it('signs in as the link does, and spends the link; the code works once', async () => {
      const email = freshEmail('code');
      await ask(email, { name: 'Cody' });
      const browser = server.client();
      const answer = await verifyCode(browser, email.toUpperCase(), codeOf(email));
      expect(answer.status).toBe(200);
      const body = await answer.json();
      expect(body).toMatchObject({
        user: { email, name: 'Cody', emailVerified: true },
        session: { token: body.token },
      });
      expect(setsSession(answer)).toBe(true);
      expect((await (await browser.get('/get-session')).json()).user.email).toBe(email);
      expect((await follow(server.client(), tokenOf(email))).headers.get('location')).toBe(
        `${server.url}/?error=INVALID_TOKEN`,
      );
      expect(await errorOf(await verifyCode(server.client(), email, codeOf(email)))).toEqual(INVALID_OTP);
    });

    it('still signs in after a scanner followed the link', async () => {
      const email = freshEmail('scanned');
      await ask(email);
      expect((await follow(server.client(), tokenOf(email))).status).toBe(200);
      const person = server.client();
      expect((await verifyCode(person, email, codeOf(email))).status).toBe(200);
      expect((await (await person.get('/get-session')).json()).user.email).toBe(email);
    });

    it('dies after three wrong tries, while the link stays usable', async () => {
      const email = freshEmail('guess');
      await ask(email);
      const code = codeOf(email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i++)
        expect(await errorOf(await verifyCode(server.client(), email, wrong))).toEqual(INVALID_OTP);
      expect(await errorOf(await verifyCode(server.client(), email, code))).toEqual({
        status: 403,
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Too many attempts',
      });
      expect(await errorOf(await verifyCode(server.client(), email, code))).toEqual(INVALID_OTP);
      expect((await follow(server.client(), tokenOf(email))).status).toBe(200);
      // Recorded without the code, and without an account: a wrong code names nobody.
      const refused = await server.database.db
        .selectFrom('auditEvent')
        .select(['errorCode', 'metadata', 'targetId'])
        .where('type', '=', 'user.sign_in_failed')
        .where('errorCode', '=', 'TOO_MANY_ATTEMPTS')
        .execute();
      expect(refused.map((row) => ({ ...row, metadata: JSON.parse(row.metadata ?? 'null') }))).toContainEqual(
        {
          errorCode: 'TOO_MANY_ATTEMPTS',
          metadata: { method: 'email-link' },
          targetId: null,
        },
      );
    });

    it("is tried against the address's latest link only, whose earlier links still work", async () => {
      const email = freshEmail('latest');
      await ask(email);
      const first = { token: tokenOf(email), code: codeOf(email) };
      await ask(email);
      const second = { token: tokenOf(email), code: codeOf(email) };
      expect(second.token).not.toBe(first.token);
      if (first.code !== second.code)
        expect(await errorOf(await verifyCode(server.client(), email, first.code))).toEqual(INVALID_OTP);
      expect((await verifyCode(server.client(), email, second.code)).status).toBe(200);
      expect((await follow(server.client(), second.token)).status).toBe(302);
      expect((await follow(server.client(), first.token)).status).toBe(200);
    });

    it('signs in once when the right code arrives many times at once', async () => {
      const email = freshEmail('code-race');
      await ask(email);
      const code = codeOf(email);
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => verifyCode(server.client(), email, code)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    });

    it('refuses bad input with 400 and spends nothing', async () => {
      const email = freshEmail('code-input');
      await ask(email);
      const code = codeOf(email);
      for (const bad of [
        {},
        { email },
        { code },
        { email: 5, code },
        { email, code: 123456 },
        { email, code: 'x'.repeat(65) },
        { email, code: `${code}\u0000` },
      ]) {
        expect(await errorOf(await server.client().post('/magic-link/verify-code', bad))).toEqual(
          BODY_INVALID,
        );
      }
      const malformed = await server.client().post('/magic-link/verify-code', undefined, {
        raw: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(await errorOf(malformed)).toEqual({
        status: 400,
        code: 'BAD_REQUEST',
        message: 'Invalid JSON in request body',
      });
      expect((await verifyCode(server.client(), email, code)).status).toBe(200);
    });
  });

  describe('two-factor is not skipped (D2)', () => {
    it('a link or its code owes the second factor: no session, the challenge instead', async () => {
      const email = freshEmail('second');
      await ask(email);
      const first = server.client();
      expect((await follow(first, tokenOf(email))).status).toBe(200);
      expect(await (await first.post('/two-factor/enable', { method: 'otp' })).json()).toEqual({
        method: 'otp',
      });

      await ask(email);
      const json = server.client();
      const answer = await follow(json, tokenOf(email));
      expect(await answer.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
      expect(answer.headers.getSetCookie().some((c) => c.startsWith('better-auth.two_factor='))).toBe(true);
      expect(setsSession(answer)).toBe(false);
      expect(await (await json.get('/get-session')).json()).toBeNull();

      await ask(email, { callbackURL: '/home' });
      const redirected = await server
        .client()
        .get(`/magic-link/verify?token=${tokenOf(email)}&callbackURL=%2Fhome`);
      expect(redirected.headers.get('location')).toBe(`${server.url}/sign-in/two-factor?callbackURL=%2Fhome`);
      expect(setsSession(redirected)).toBe(false);

      await ask(email);
      const typed = server.client();
      const challenged = await verifyCode(typed, email, codeOf(email));
      expect(await challenged.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
      expect(await (await typed.get('/get-session')).json()).toBeNull();
      expect((await typed.post('/two-factor/send-otp', {})).status).toBe(200);
      const second = present(mailer.last(email, 'two-factor-code').code);
      expect((await typed.post('/two-factor/verify-otp', { code: second })).status).toBe(200);
      const session = await (await typed.get('/get-session')).json();
      expect(session.user.email).toBe(email);
      const signedIn = (await eventsOf(session.user.id)).filter((e) => e.type === 'user.signed_in').pop();
      expect(signedIn?.metadata).toEqual({ method: 'email-link', twoFactor: 'otp' });
    });
  });

  it('refuses bad input to the request with 400, storing and sending nothing', async () => {
    const before = (await verificationRows()).length;
    const sentBefore = mailer.sent.length;
    for (const bad of [
      {},
      { email: 5 },
      { email: 'not an email' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: 'nul@example.com', name: 'a\u0000b' },
      { email: 'long@example.com', name: 'n'.repeat(257) },
      { email: 'meta@example.com', metadata: 'text' },
    ]) {
      expect(await errorOf(await server.client().post('/sign-in/magic-link', bad))).toEqual(BODY_INVALID);
    }
    const malformed = await server.client().post('/sign-in/magic-link', undefined, {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(await errorOf(malformed)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid JSON in request body',
    });
    expect(await errorOf(await server.client().get('/magic-link/verify'))).toEqual(QUERY_INVALID);
    expect(await errorOf(await server.client().get(`/magic-link/verify?token=${'t'.repeat(257)}`))).toEqual(
      QUERY_INVALID,
    );
    expect(await errorOf(await server.client().get('/magic-link/verify?token=a%00b'))).toEqual(QUERY_INVALID);
    expect((await verificationRows()).length).toBe(before);
    expect(mailer.sent.length).toBe(sentBefore);
  });
});

describe('magic link and the sign-up policy', () => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { mailer, magicLink: { expiresIn: 60 }, signUp: 'closed' });
  });
  afterAll(() => server.close());

  it('mails any address alike, but a new address gets no account; an existing one signs in', async () => {
    const stranger = 'stranger@example.com';
    const asked = await server.client().post('/sign-in/magic-link', { email: stranger, callbackURL: '/in' });
    expect(await asked.json()).toEqual({ status: true });
    const sent = mailer.last(stranger, 'magic-link');
    const landed = await server.client().get(`/magic-link/verify${new URL(sent.link).search}`);
    expect(landed.headers.get('location')).toBe(`${server.url}/in?error=new_user_signup_disabled`);

    await server.client().post('/sign-in/magic-link', { email: stranger });
    const code = present(mailer.last(stranger, 'magic-link').code);
    expect(
      await errorOf(await server.client().post('/magic-link/verify-code', { email: stranger, code })),
    ).toEqual({
      status: 403,
      code: 'SIGN_UP_CLOSED',
      message: 'Sign-up is closed: only existing accounts can sign in',
    });
    expect(
      await server.database.db.selectFrom('user').select('id').where('email', '=', stranger).execute(),
    ).toEqual([]);
  });

  it('lives for the configured lifetime', async () => {
    const email = 'short@example.com';
    await server.client().post('/sign-in/magic-link', { email });
    expect(mailer.last(email, 'magic-link').text).toContain('It works once and expires in 1 min.');
    server.clock.advance(61);
    const code = present(mailer.last(email, 'magic-link').code);
    expect((await errorOf(await server.client().post('/magic-link/verify-code', { email, code }))).code).toBe(
      'OTP_EXPIRED',
    );
  });
});

describe('magic link options', () => {
  const mailer = new CaptureMailer();
  it('default to a 300 s lifetime and refuse one that is not a whole number above 0', () => {
    expect(resolveMagicLink({}, { mailer })).toEqual({ expiresIn: 300 });
    expect(resolveMagicLink(false, { mailer })).toBeUndefined();
    for (const expiresIn of [0, -5, 1.5])
      expect(() => resolveMagicLink({ expiresIn }, { mailer })).toThrow(
        `magicLink.expiresIn must be a whole number of seconds above 0, got ${expiresIn}`,
      );
  });

  it('need a mailer', () => {
    expect(() => resolveMagicLink({}, { mailer: undefined })).toThrow('magicLink needs a mailer');
  });
});
