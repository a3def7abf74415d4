import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('POST /sign-up/email (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const countUsers = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates the user and a credential account, signs in, and answers {token, user}', async () => {
    const client = server.client();
    const response = await client.post('/sign-up/email', {
      name: 'Ada',
      email: 'Ada@Example.COM',
      password: 'long enough pw',
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body.user).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      emailVerified: false,
      image: null,
    });
    expect(body.user.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(Object.keys(body.user).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'image',
      'name',
      'updatedAt',
    ]);
    expect(client.jar.get('better-auth.session_token')).toMatch(new RegExp(`^${body.token}\\.`));
    const account = await server.database.db
      .selectFrom('account')
      .selectAll()
      .where('userId', '=', body.user.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ providerId: 'credential', accountId: body.user.id });
    expect(account.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
  });

  it('sets session cookies with HttpOnly, SameSite=Lax, Path=/ and the session lifetime', async () => {
    const response = await server
      .client()
      .post('/sign-up/email', { name: 'C', email: 'cookie@example.com', password: 'long enough pw' });
    const cookies = response.headers.getSetCookie();
    const token = present(cookies.find((c) => c.startsWith('better-auth.session_token=')));
    expect(token).toMatch(
      /^better-auth\.session_token=[A-Za-z0-9]{32}\.[A-Za-z0-9%]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(decodeURIComponent(present(present(token.split(';')[0]).split('.').at(-1)))).toHaveLength(44);
    expect(cookies.some((c) => c.startsWith('better-auth.session_data=') && c.includes('Max-Age=300'))).toBe(
      true,
    );
  });

  it('answers 422 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL for a taken address, whatever its case', async () => {
    await server.client().signUp('taken@example.com');
    const before = await countUsers();
    const response = await server
      .client()
      .post('/sign-up/email', { name: 'X', email: 'TAKEN@example.com', password: 'another password' });
    expect(await errorOf(response)).toEqual({
      status: 422,
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'User already exists. Use another email.',
    });
    expect(await countUsers()).toBe(before);
  });

  it('rejects passwords outside 8..128 characters with PASSWORD_TOO_SHORT / PASSWORD_TOO_LONG', async () => {
    const short = await server
      .client()
      .post('/sign-up/email', { name: 'S', email: 'short@example.com', password: '1234567' });
    expect(await errorOf(short)).toEqual({
      status: 400,
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password too short',
    });
    const long = await server
      .client()
      .post('/sign-up/email', { name: 'L', email: 'long@example.com', password: 'x'.repeat(129) });
    expect(await errorOf(long)).toEqual({
      status: 400,
      code: 'PASSWORD_TOO_LONG',
      message: 'Password too long',
    });
    const exact = await server
      .client()
      .post('/sign-up/email', { name: 'E', email: 'exact@example.com', password: 'x'.repeat(128) });
    expect(exact.status).toBe(200);
  });

  it.each([
    ['a missing email', { name: 'N', password: 'long enough pw' }],
    ['an invalid email', { name: 'N', email: 'not-an-email', password: 'long enough pw' }],
    ['a numeric name', { name: 42, email: 'n1@example.com', password: 'long enough pw' }],
    ['an empty password', { name: 'N', email: 'n2@example.com', password: '' }],
    ['an oversized name', { name: 'n'.repeat(300), email: 'n3@example.com', password: 'long enough pw' }],
    ['an array body', [1, 2]],
  ])('refuses %s with 400 VALIDATION_ERROR and creates nothing', async (_, body) => {
    const before = await countUsers();
    const response = await server.client().post('/sign-up/email', body);
    const error = await errorOf(response);
    expect(error).toEqual({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid body parameters' });
    expect(await countUsers()).toBe(before);
  });

  it('reports which field failed validation in issues', async () => {
    const response = await server
      .client()
      .post('/sign-up/email', { name: 'N', email: 7, password: 'long enough pw' });
    const body = await response.json();
    expect(body.issues).toEqual([expect.objectContaining({ path: 'body.email' })]);
  });

  it('ignores emailVerified and other unknown keys in the body', async () => {
    const response = await server.client().post('/sign-up/email', {
      name: 'V',
      email: 'verified@example.com',
      password: 'long enough pw',
      emailVerified: true,
      id: 'chosen',
    });
    const body = await response.json();
    expect(body.user.emailVerified).toBe(false);
    expect(body.user.id).not.toBe('chosen');
  });

  it('accepts an HTML form post', async () => {
    const response = await server.client().post('/sign-up/email', undefined, {
      raw: new URLSearchParams({
        name: 'Form',
        email: 'form@example.com',
        password: 'long enough pw',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(200);
  });

  it('rememberMe false sets browser-session cookies and the dont_remember cookie', async () => {
    const client = server.client();
    const response = await client.post('/sign-up/email', {
      name: 'R',
      email: 'forget@example.com',
      password: 'long enough pw',
      rememberMe: false,
    });
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('better-auth.session_token='))).not.toContain('Max-Age');
    expect(client.jar.get('better-auth.dont_remember')).toMatch(/^true\./);
  });
});

describe('sign-up with options', () => {
  it('answers 400 EMAIL_PASSWORD_SIGN_UP_DISABLED when sign-up is disabled', async () => {
    const server = await startTestServer('sqlite', { emailAndPassword: { disableSignUp: true } });
    const response = await server
      .client()
      .post('/sign-up/email', { name: 'D', email: 'd@example.com', password: 'long enough pw' });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'EMAIL_PASSWORD_SIGN_UP_DISABLED',
      message: 'Email and password sign up is not enabled',
    });
    await server.close();
  });

  it('without auto sign-in, a taken address gets the same answer as a free one (no enumeration)', async () => {
    const server = await startTestServer('sqlite', { emailAndPassword: { autoSignIn: false } });
    const fresh = await server
      .client()
      .post('/sign-up/email', { name: 'A', email: 'a@example.com', password: 'long enough pw' });
    const again = await server
      .client()
      .post('/sign-up/email', { name: 'A', email: 'a@example.com', password: 'long enough pw' });
    expect(fresh.status).toBe(200);
    expect(again.status).toBe(200);
    const [first, second] = [await fresh.json(), await again.json()];
    expect(first.token).toBeNull();
    expect(second.token).toBeNull();
    expect(Object.keys(second.user).sort()).toEqual(Object.keys(first.user).sort());
    expect(fresh.headers.getSetCookie()).toEqual([]);
    await server.close();
  });
});
