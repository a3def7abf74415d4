import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../crypto/signed-token.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, TEST_SECRET, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('email verification (%s)', (dialect) => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { mailer });
  });
  afterAll(() => server.close());

  const isVerified = async (email: string) =>
    Boolean(
      (
        await server.database.db
          .selectFrom('user')
          .select('emailVerified')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).emailVerified,
    );

  it('send-verification-email with a session mails a link that verifies the address', async () => {
    const client = server.client();
    await client.signUp('verify-me@example.com');
    const response = await client.post('/send-verification-email', { email: 'verify-me@example.com' });
    expect(await response.json()).toEqual({ status: true });
    const message = mailer.last('verify-me@example.com', 'verification');
    expect(message.link).toMatch(
      new RegExp(`^${server.url}/api/auth/verify-email\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+&callbackURL=%2F$`),
    );
    const verified = await client.get(mailer.lastPath('verify-me@example.com'));
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/');
    expect(await isVerified('verify-me@example.com')).toBe(true);
    const session = await (await client.get('/get-session')).json();
    expect(session.user.emailVerified).toBe(true);
  });

  it('verify-email without a callbackURL answers {status: true, user: null}', async () => {
    await server.client().signUp('plain@example.com');
    const token = await signToken(TEST_SECRET, { email: 'plain@example.com' }, server.clock.now());
    const response = await server.client().get(`/verify-email?token=${token}`);
    expect(await response.json()).toEqual({ status: true, user: null });
  });

  it('a used verification link changes nothing the second time', async () => {
    const client = server.client();
    await client.signUp('twice@example.com');
    await client.post('/send-verification-email', { email: 'twice@example.com', callbackURL: '/welcome' });
    const path = mailer.lastPath('twice@example.com');
    expect((await client.get(path)).headers.get('location')).toBe('/welcome');
    const before = await server.database.db
      .selectFrom('user')
      .select('updatedAt')
      .where('email', '=', 'twice@example.com')
      .executeTakeFirstOrThrow();
    server.clock.advance(5);
    expect((await client.get(path)).headers.get('location')).toBe('/welcome');
    const after = await server.database.db
      .selectFrom('user')
      .select('updatedAt')
      .where('email', '=', 'twice@example.com')
      .executeTakeFirstOrThrow();
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('an expired link answers TOKEN_EXPIRED, as JSON or on the callback URL', async () => {
    const client = server.client();
    await client.signUp('late@example.com');
    await client.post('/send-verification-email', { email: 'late@example.com', callbackURL: '/done?x=1' });
    const path = mailer.lastPath('late@example.com');
    server.clock.advance(3601);
    const redirected = await client.get(path);
    expect(redirected.headers.get('location')).toBe('/done?x=1&error=TOKEN_EXPIRED');
    const json = await client.get(path.replace(/&callbackURL=[^&]*/, ''));
    expect(await errorOf(json)).toEqual({ status: 401, code: 'TOKEN_EXPIRED', message: 'Token expired' });
    expect(await isVerified('late@example.com')).toBe(false);
  });

  it('a tampered or foreign token answers 401 INVALID_TOKEN', async () => {
    const foreign = await signToken(
      'another-secret-of-sufficient-length!!',
      { email: 'x@example.com' },
      server.clock.now(),
    );
    expect(await errorOf(await server.client().get(`/verify-email?token=${foreign}`))).toEqual({
      status: 401,
      code: 'INVALID_TOKEN',
      message: 'Invalid token',
    });
    expect(await errorOf(await server.client().get('/verify-email?token=garbage'))).toEqual({
      status: 401,
      code: 'INVALID_TOKEN',
      message: 'Invalid token',
    });
  });

  it('a token for an unknown user answers 401 USER_NOT_FOUND', async () => {
    const token = await signToken(TEST_SECRET, { email: 'ghost@example.com' }, server.clock.now());
    expect(await errorOf(await server.client().get(`/verify-email?token=${token}`))).toEqual({
      status: 401,
      code: 'USER_NOT_FOUND',
      message: 'User not found',
    });
  });

  it('verify-email refuses an untrusted callbackURL with 403 and a missing token with 400', async () => {
    const token = await signToken(TEST_SECRET, { email: 'x@example.com' }, server.clock.now());
    expect(
      (
        await errorOf(
          await server.client().get(`/verify-email?token=${token}&callbackURL=https://evil.example`),
        )
      ).code,
    ).toBe('INVALID_CALLBACK_URL');
    expect(await errorOf(await server.client().get('/verify-email'))).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid query parameters',
    });
  });

  it('with a session, a different email is 400 EMAIL_MISMATCH and a verified one 400 EMAIL_ALREADY_VERIFIED', async () => {
    const client = server.client();
    await client.signUp('mine@example.com');
    expect(
      await errorOf(await client.post('/send-verification-email', { email: 'other@example.com' })),
    ).toEqual({ status: 400, code: 'EMAIL_MISMATCH', message: 'Email mismatch' });
    await client.post('/send-verification-email', { email: 'mine@example.com' });
    await client.get(mailer.lastPath('mine@example.com'));
    expect(
      await errorOf(await client.post('/send-verification-email', { email: 'mine@example.com' })),
    ).toEqual({
      status: 400,
      code: 'EMAIL_ALREADY_VERIFIED',
      message: 'Email is already verified',
    });
  });

  it('without a session, known and unknown addresses get the same answer after at least 500 ms', async () => {
    await server.client().signUp('known@example.com');
    const before = mailer.count('known@example.com');
    const timed = async (email: string) => {
      const start = performance.now();
      const response = await server.client().post('/send-verification-email', { email });
      return { body: await response.json(), ms: performance.now() - start };
    };
    const known = await timed('known@example.com');
    const unknown = await timed('unknown@example.com');
    expect(known.body).toEqual({ status: true });
    expect(unknown.body).toEqual({ status: true });
    expect(known.ms).toBeGreaterThanOrEqual(495);
    expect(unknown.ms).toBeGreaterThanOrEqual(495);
    expect(mailer.count('known@example.com')).toBe(before + 1);
    expect(mailer.count('unknown@example.com')).toBe(0);
  });

  it('reports a delivery failure as 502 FAILED_TO_SEND_EMAIL', async () => {
    const client = server.client();
    await client.signUp('undeliverable@example.com');
    mailer.failWith = new Error('smtp down');
    try {
      expect(
        await errorOf(await client.post('/send-verification-email', { email: 'undeliverable@example.com' })),
      ).toEqual({
        status: 502,
        code: 'FAILED_TO_SEND_EMAIL',
        message: 'The email could not be sent. Please try again later.',
      });
    } finally {
      mailer.failWith = null;
    }
  });
});

describe('email verification switches', () => {
  it('without a mailer, send-verification-email answers 400 VERIFICATION_EMAIL_NOT_ENABLED', async () => {
    const server = await startTestServer();
    const response = await server.client().post('/send-verification-email', { email: 'a@example.com' });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'VERIFICATION_EMAIL_NOT_ENABLED',
      message: "Verification email isn't enabled",
    });
    await server.close();
  });

  it('requireEmailVerification: sign-up sends a link and signs nobody in; sign-in is 403 until verified', async () => {
    const mailer = new CaptureMailer();
    const server = await startTestServer('sqlite', {
      mailer,
      emailAndPassword: { requireEmailVerification: true },
      emailVerification: { sendOnSignIn: true },
    });
    const client = server.client();
    const signUp = await client.post('/sign-up/email', {
      name: 'R',
      email: 'required@example.com',
      password: 'long enough pw',
    });
    expect((await signUp.json()).token).toBeNull();
    expect(client.jar.get('better-auth.session_token')).toBeUndefined();
    expect(mailer.count('required@example.com')).toBe(1);

    const refused = await client.post('/sign-in/email', {
      email: 'required@example.com',
      password: 'long enough pw',
    });
    expect(await errorOf(refused)).toEqual({
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email not verified',
    });
    expect(mailer.count('required@example.com')).toBe(2);
    const wrongPassword = await client.post('/sign-in/email', {
      email: 'required@example.com',
      password: 'wrong password',
    });
    expect(wrongPassword.status).toBe(401);

    await client.get(mailer.lastPath('required@example.com'));
    expect(
      (await client.post('/sign-in/email', { email: 'required@example.com', password: 'long enough pw' }))
        .status,
    ).toBe(200);
    await server.close();
  });

  it('requireEmailVerification: a taken address gets the same sign-up answer as a new one', async () => {
    const server = await startTestServer('sqlite', {
      mailer: new CaptureMailer(),
      emailAndPassword: { requireEmailVerification: true },
    });
    const first = await server
      .client()
      .post('/sign-up/email', { name: 'T', email: 'taken@example.com', password: 'long enough pw' });
    const second = await server
      .client()
      .post('/sign-up/email', { name: 'T', email: 'taken@example.com', password: 'long enough pw' });
    expect(second.status).toBe(first.status);
    expect(Object.keys((await second.json()).user).sort()).toEqual(
      Object.keys((await first.json()).user).sort(),
    );
    await server.close();
  });

  it('autoSignInAfterVerification signs the person in when they open the link', async () => {
    const mailer = new CaptureMailer();
    const server = await startTestServer('sqlite', {
      mailer,
      emailAndPassword: { requireEmailVerification: true },
      emailVerification: { autoSignInAfterVerification: true },
    });
    await server
      .client()
      .post('/sign-up/email', { name: 'A', email: 'auto@example.com', password: 'long enough pw' });
    const browser = server.client();
    await browser.get(mailer.lastPath('auto@example.com'));
    const session = await (await browser.get('/get-session')).json();
    expect(session.user).toMatchObject({ email: 'auto@example.com', emailVerified: true });
    await server.close();
  });
});
