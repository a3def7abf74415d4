import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPasswordHasher } from '../../testing/cheap-password-hasher.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, rawRequest, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('POST /sign-in/email (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await server.client().signUp('grace@example.com', 'right password');
  });
  afterAll(() => server.close());

  const countSessions = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('session')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signs in case-insensitively and answers {redirect, token, user}', async () => {
    const client = server.client();
    const response = await client.post('/sign-in/email', {
      email: 'GRACE@example.com',
      password: 'right password',
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ redirect: false, user: { email: 'grace@example.com' } });
    expect(body).not.toHaveProperty('url');
    expect(client.jar.get('better-auth.session_token')).toMatch(new RegExp(`^${body.token}\\.`));
  });

  it('with a callbackURL answers redirect true, url, and a Location header', async () => {
    const response = await server.client().post('/sign-in/email', {
      email: 'grace@example.com',
      password: 'right password',
      callbackURL: '/dashboard',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBe('/dashboard');
    expect(await response.json()).toMatchObject({ redirect: true, url: '/dashboard' });
  });

  it('refuses an untrusted callbackURL with 403 INVALID_CALLBACK_URL', async () => {
    const response = await server.client().post('/sign-in/email', {
      email: 'grace@example.com',
      password: 'right password',
      callbackURL: 'https://evil.example',
    });
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'INVALID_CALLBACK_URL',
      message: 'Invalid callbackURL',
    });
  });

  it('answers the same 401 for a wrong password and an unknown email, creating no session', async () => {
    const before = await countSessions();
    const wrong = await server
      .client()
      .post('/sign-in/email', { email: 'grace@example.com', password: 'wrong password' });
    const unknown = await server
      .client()
      .post('/sign-in/email', { email: 'nobody@example.com', password: 'wrong password' });
    const expected = { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };
    expect(await errorOf(wrong)).toEqual(expected);
    expect(await errorOf(unknown)).toEqual(expected);
    expect(await countSessions()).toBe(before);
  });

  it('hashes the password for an unknown email too, so timing does not reveal accounts', async () => {
    // Counted rather than timed: the same hasher work on both paths is what keeps the times equal.
    const calls: string[] = [];
    const counting = await startTestServer(dialect, {
      emailAndPassword: {
        password: {
          hash: async (password) => {
            calls.push('hash');
            return testPasswordHasher.hash(password);
          },
          verify: async (input) => {
            calls.push('verify');
            return testPasswordHasher.verify(input);
          },
        },
      },
    });
    try {
      await counting.client().signUp('known@example.com', 'right password');
      calls.length = 0;
      await counting
        .client()
        .post('/sign-in/email', { email: 'known@example.com', password: 'wrong password' });
      expect(calls).toEqual(['verify']);
      calls.length = 0;
      await counting
        .client()
        .post('/sign-in/email', { email: 'nobody@example.com', password: 'wrong password' });
      expect(calls).toEqual(['hash']);
    } finally {
      await counting.close();
    }
  });

  it('answers 400 INVALID_EMAIL for a malformed address', async () => {
    const response = await server
      .client()
      .post('/sign-in/email', { email: 'grace', password: 'right password' });
    expect(await errorOf(response)).toEqual({ status: 400, code: 'INVALID_EMAIL', message: 'Invalid email' });
  });

  it('answers 400 PASSWORD_TOO_LONG above the maximum length', async () => {
    const response = await server
      .client()
      .post('/sign-in/email', { email: 'grace@example.com', password: 'p'.repeat(129) });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'PASSWORD_TOO_LONG',
      message: 'Password too long',
    });
  });

  it.each([
    ['a missing password', { email: 'grace@example.com' }],
    ['a numeric email', { email: 5, password: 'right password' }],
    ['a string rememberMe', { email: 'grace@example.com', password: 'right password', rememberMe: 'yes' }],
  ])('refuses %s with 400 VALIDATION_ERROR', async (_, body) => {
    const response = await server.client().post('/sign-in/email', body);
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
    });
  });

  it('signing in twice gives two independent sessions', async () => {
    const first = await server.client().signIn('grace@example.com', 'right password');
    const second = await server.client().signIn('grace@example.com', 'right password');
    expect(first.token).not.toBe(second.token);
  });

  it('records the user agent and client IP on the session', async () => {
    const body = await server.client().signIn('grace@example.com', 'right password');
    const row = await server.database.db
      .selectFrom('session')
      .selectAll()
      .where('token', '=', body.token)
      .executeTakeFirstOrThrow();
    expect(row.userAgent).toBe('node');
    expect(row.ipAddress).toBe('127.0.0.1');
  });
});

describe('sign-in CSRF defence', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.client().signUp('csrf@example.com');
  });
  afterAll(() => server.close());

  const body = { email: 'csrf@example.com', password: 'correct horse battery' };

  const post = (headers: Record<string, string>) =>
    rawRequest(
      `${server.url}/api/auth/sign-in/email`,
      'POST',
      { 'content-type': 'application/json', ...headers },
      JSON.stringify(body),
    );

  it('allows a server-to-server request with no cookies, no Origin and no fetch metadata', async () => {
    expect((await post({})).status).toBe(200);
  });

  it('requires a trusted Origin once fetch metadata shows a browser', async () => {
    const response = await post({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).code).toBe('MISSING_OR_NULL_ORIGIN');
  });

  it('refuses an untrusted Origin with 403 INVALID_ORIGIN', async () => {
    const response = await server
      .client()
      .post('/sign-in/email', body, { headers: { origin: 'https://evil.example' } });
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'INVALID_ORIGIN',
      message: 'Invalid origin',
    });
  });

  it('refuses a cross-site navigation with 403 CROSS_SITE_NAVIGATION_LOGIN_BLOCKED', async () => {
    const response = await post({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body)).toEqual({
      code: 'CROSS_SITE_NAVIGATION_LOGIN_BLOCKED',
      message: 'Cross-site navigation login blocked. This request appears to be a CSRF attack.',
    });
  });

  it('refuses a request with cookies but no Origin with 403 MISSING_OR_NULL_ORIGIN', async () => {
    const response = await server
      .client()
      .post('/sign-in/email', body, { noOrigin: true, headers: { cookie: 'a=b' } });
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'MISSING_OR_NULL_ORIGIN',
      message: 'Missing or null Origin',
    });
  });

  it('accepts a trusted Referer in place of Origin', async () => {
    const response = await server.client().post('/sign-in/email', body, {
      noOrigin: true,
      headers: { cookie: 'a=b', referer: `${server.url}/login` },
    });
    expect(response.status).toBe(200);
  });
});
