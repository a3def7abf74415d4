import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPasswordHasher } from '../../testing/cheap-password-hasher.ts';
import { snapshotDatabase } from '../../testing/database-snapshot.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';
import { totpCode, totpStep } from '../../testing/totp-codes.ts';

const PASSWORD = 'right password';
const INVALID = {
  status: 401,
  code: 'INVALID_USERNAME_OR_PASSWORD',
  message: 'Invalid username or password',
};

let counter = 0;
const fresh = (tag: string) => `${tag}_${++counter}`;

describe.each(testDialects())('POST /sign-in/username (%s)', (dialect) => {
  let server: TestServer;
  let graceId: string;
  beforeAll(async () => {
    server = await startTestServer(dialect, { username: {}, twoFactor: { enabled: true } });
    const response = await server.client().post('/sign-up/email', {
      name: 'Grace',
      email: 'grace@example.com',
      password: PASSWORD,
      username: 'Grace_H',
    });
    expect(response.status).toBe(200);
    graceId = ((await response.json()) as { user: { id: string } }).user.id;
  });
  afterAll(() => server.close());

  const signIn = (body: unknown) => server.client().post('/sign-in/username', body);
  const signUp = async (username: string, email = `${username.toLowerCase()}@example.com`) => {
    const client = server.client();
    const response = await client.post('/sign-up/email', {
      name: username,
      email,
      password: PASSWORD,
      username,
    });
    expect(response.status).toBe(200);
    return { client, user: ((await response.json()) as { user: { id: string } }).user };
  };
  const eventsOf = (type: string, targetId: string) =>
    server.database.db
      .selectFrom('auditEvent')
      .select(['metadata', 'errorCode', 'sessionId'])
      .where('type', '=', type)
      .where('targetId', '=', targetId)
      .orderBy('id')
      .execute();

  it('signs in in any letter case and answers {redirect, token, user} with both username fields', async () => {
    const client = server.client();
    const response = await client.post('/sign-in/username', { username: 'GRACE_h', password: PASSWORD });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      redirect: false,
      user: { id: graceId, email: 'grace@example.com', username: 'grace_h', displayUsername: 'Grace_H' },
    });
    expect(body).not.toHaveProperty('url');
    expect(client.jar.get('better-auth.session_token')).toMatch(new RegExp(`^${body.token}\\.`));
    const session = await (await client.get('/get-session')).json();
    expect(session.user).toMatchObject({ username: 'grace_h' });
  });

  it('records user.signed_in with method username', async () => {
    const response = await signIn({ username: 'grace_h', password: PASSWORD });
    const { token } = (await response.json()) as { token: string };
    const session = await server.database.db
      .selectFrom('session')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    const events = await eventsOf('user.signed_in', graceId);
    const last = events.at(-1);
    expect(last?.sessionId).toBe(session.id);
    expect(JSON.parse(String(last?.metadata))).toEqual({ method: 'username', twoFactor: 'none' });
  });

  it('with a callbackURL answers redirect true, url, and a Location header', async () => {
    const response = await signIn({ username: 'grace_h', password: PASSWORD, callbackURL: '/dashboard' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBe('/dashboard');
    expect(await response.json()).toMatchObject({ redirect: true, url: '/dashboard' });
  });

  it('refuses an untrusted callbackURL with 403 INVALID_CALLBACK_URL', async () => {
    const response = await signIn({
      username: 'grace_h',
      password: PASSWORD,
      callbackURL: 'https://evil.example',
    });
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'INVALID_CALLBACK_URL',
      message: 'Invalid callbackURL',
    });
  });

  it('answers the same 401 for a wrong password, an unknown name and an account without a password, changing nothing', async () => {
    const name = fresh('nopass');
    const { user } = await signUp(name);
    await server.database.db.deleteFrom('account').where('userId', '=', user.id).execute();
    const before = await snapshotDatabase(server.database);
    const answers = [
      await signIn({ username: 'grace_h', password: 'wrong password' }),
      await signIn({ username: 'nobody_here', password: PASSWORD }),
      await signIn({ username: name, password: PASSWORD }),
      await signIn({ username: '', password: PASSWORD }),
      await signIn({ username: 'grace_h', password: '' }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('set-cookie')).toBeNull();
      expect(await errorOf(answer)).toEqual(INVALID);
    }
    expect(await snapshotDatabase(server.database)).toBe(before);
    const failures = await eventsOf('user.sign_in_failed', graceId);
    expect(failures.at(-1)).toMatchObject({ errorCode: 'INVALID_USERNAME_OR_PASSWORD' });
    expect(JSON.parse(String(failures.at(-1)?.metadata))).toEqual({ method: 'username' });
  });

  it.each([
    ['ab', 'USERNAME_TOO_SHORT', 'Username is too short'],
    ['a'.repeat(31), 'USERNAME_TOO_LONG', 'Username is too long'],
    ['grace h', 'INVALID_USERNAME', 'Username is invalid'],
    ['gr-ace', 'INVALID_USERNAME', 'Username is invalid'],
    ['grâce', 'INVALID_USERNAME', 'Username is invalid'],
  ])('answers 422 for %j, a name that breaks the rules', async (username, code, message) => {
    expect(await errorOf(await signIn({ username, password: PASSWORD }))).toEqual({
      status: 422,
      code,
      message,
    });
  });

  it.each([
    ['a missing password', { username: 'grace_h' }, 'body.password'],
    ['a missing username', { password: PASSWORD }, 'body.username'],
    ['a number for the username', { username: 42, password: PASSWORD }, 'body.username'],
    ['an array for the password', { username: 'grace_h', password: [PASSWORD] }, 'body.password'],
    ['a NUL byte in the username', { username: 'grace\u0000h', password: PASSWORD }, 'body.username'],
    ['a username past 1024 characters', { username: 'g'.repeat(2000), password: PASSWORD }, 'body.username'],
    [
      'a string for rememberMe',
      { username: 'grace_h', password: PASSWORD, rememberMe: 'yes' },
      'body.rememberMe',
    ],
  ])('answers 400 VALIDATION_ERROR for %s, changing nothing', async (_, body, path) => {
    const before = await snapshotDatabase(server.database);
    const response = await signIn(body);
    const answer = (await response.json()) as { code: string; issues: { path: string }[] };
    expect({ status: response.status, code: answer.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(answer.issues.map((issue) => issue.path)).toContain(path);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('answers 400 for malformed JSON and 413 for a body of a megabyte', async () => {
    const before = await snapshotDatabase(server.database);
    const malformed = await server.client().post('/sign-in/username', undefined, {
      raw: '{"username": "grace_h",',
      headers: { 'content-type': 'application/json' },
    });
    expect(await errorOf(malformed)).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'Invalid JSON in request body',
    });
    const huge = await signIn({ username: 'g'.repeat(1024 * 1024), password: PASSWORD });
    expect(huge.status).toBe(413);
    expect(await snapshotDatabase(server.database)).toBe(before);
  });

  it('answers 400 PASSWORD_TOO_LONG above the maximum length', async () => {
    expect(await errorOf(await signIn({ username: 'grace_h', password: 'p'.repeat(129) }))).toEqual({
      status: 400,
      code: 'PASSWORD_TOO_LONG',
      message: 'Password too long',
    });
  });

  it('with two-factor on answers the challenge, no session, and records method username after the code', async () => {
    const { client, user } = await signUp(fresh('Ada'));
    const enable = await client.post('/two-factor/enable', { password: PASSWORD });
    const { totpURI } = (await enable.json()) as { totpURI: string };
    const secret = new URL(totpURI).searchParams.get('secret') ?? '';
    expect(
      (await client.post('/two-factor/verify-totp', { code: totpCode(secret, totpStep(server.clock.now())) }))
        .status,
    ).toBe(200);
    server.clock.advance(30);
    const username = (await (await client.get('/get-session')).json()).user.username as string;

    const browser = server.client();
    const response = await browser.post('/sign-in/username', { username, password: PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(browser.jar.get('better-auth.session_token')).toBeUndefined();
    expect(browser.jar.get('better-auth.two_factor')).toBeDefined();
    const challenged = await eventsOf('user.two_factor_challenged', user.id);
    expect(JSON.parse(String(challenged.at(-1)?.metadata))).toMatchObject({ method: 'username' });

    const verify = await browser.post('/two-factor/verify-totp', {
      code: totpCode(secret, totpStep(server.clock.now())),
    });
    expect(verify.status).toBe(200);
    expect((await (await browser.get('/get-session')).json()).user.id).toBe(user.id);
    const signedIn = await eventsOf('user.signed_in', user.id);
    expect(JSON.parse(String(signedIn.at(-1)?.metadata))).toEqual({ method: 'username', twoFactor: 'totp' });
  });

  it('locks a username after 10 failures, the right password too, apart from the address (U4)', async () => {
    const name = fresh('locked');
    const { user } = await signUp(name);
    for (let i = 0; i < 10; i++) {
      expect(await errorOf(await signIn({ username: name, password: 'wrong password' }))).toEqual(INVALID);
    }
    const locked = await signIn({ username: name, password: PASSWORD });
    expect(await errorOf(locked)).toEqual({
      status: 429,
      code: 'TOO_MANY_SIGN_IN_ATTEMPTS',
      message: 'Too many failed sign-in attempts for this email. Please try again later.',
    });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // An unknown name is counted and locked the same way.
    const unknown = fresh('unknown');
    for (let i = 0; i < 10; i++) await signIn({ username: unknown, password: 'wrong password' });
    expect((await signIn({ username: unknown, password: PASSWORD })).status).toBe(429);
    // The address keeps its own count, so locking one does not tell which name belongs to it.
    const byEmail = await server
      .client()
      .post('/sign-in/email', { email: `${name}@example.com`, password: PASSWORD });
    expect(byEmail.status).toBe(200);
    const lockouts = await eventsOf('user.locked_out', user.id);
    expect(JSON.parse(String(lockouts.at(-1)?.metadata))).toMatchObject({ method: 'username' });
  });

  it('hashes the password for an unknown name too, so timing does not reveal accounts', async () => {
    const calls: string[] = [];
    const counting = await startTestServer(dialect, {
      username: {},
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
      const signUp = await counting.client().post('/sign-up/email', {
        name: 'Known',
        email: 'known@example.com',
        password: PASSWORD,
        username: 'known',
      });
      expect(signUp.status).toBe(200);
      calls.length = 0;
      await counting.client().post('/sign-in/username', { username: 'known', password: 'wrong password' });
      expect(calls).toEqual(['verify']);
      calls.length = 0;
      await counting.client().post('/sign-in/username', { username: 'nobody', password: 'wrong password' });
      expect(calls).toEqual(['hash']);
    } finally {
      await counting.close();
    }
  });

  it('answers 403 EMAIL_NOT_VERIFIED to an unverified account when verification is required', async () => {
    const strict = await startTestServer(dialect, {
      username: {},
      emailAndPassword: { requireEmailVerification: true },
    });
    try {
      const signUp = await strict.client().post('/sign-up/email', {
        name: 'Unverified',
        email: 'unverified@example.com',
        password: PASSWORD,
        username: 'unverified',
      });
      expect(signUp.status).toBe(200);
      const response = await strict
        .client()
        .post('/sign-in/username', { username: 'unverified', password: PASSWORD });
      expect(await errorOf(response)).toEqual({
        status: 403,
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Email not verified',
      });
      expect(response.headers.get('set-cookie')).toBeNull();
    } finally {
      await strict.close();
    }
  });

  it('is 404 with the feature off, and user objects carry no username', async () => {
    const off = await startTestServer(dialect);
    try {
      const client = off.client();
      const { user } = await client.signUp('plain@example.com');
      expect(user).not.toHaveProperty('username');
      expect((await client.post('/sign-in/username', { username: 'plain', password: PASSWORD })).status).toBe(
        404,
      );
      expect((await client.post('/is-username-available', { username: 'plain' })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
