import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

const DAY = 86_400;

describe.each(testDialects())('GET /get-session (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const sessionRow = (token: string) =>
    server.database.db.selectFrom('session').selectAll().where('token', '=', token).executeTakeFirst();
  const tokenCookieSet = (response: Response) =>
    response.headers
      .getSetCookie()
      .some((c) => c.startsWith('better-auth.session_token=') && !c.includes('Max-Age=0'));

  it('answers null with no-store headers when there is no session', async () => {
    const response = await server.client().get('/get-session');
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
  });

  it("answers {session, user} with Better Auth's keys", async () => {
    const client = server.client();
    const { token, user } = await client.signUp('keys@example.com');
    const body = await (await client.get('/get-session')).json();
    expect(Object.keys(body.session).sort()).toEqual([
      'createdAt',
      'expiresAt',
      'id',
      'impersonatedBy',
      'ipAddress',
      'token',
      'updatedAt',
      'userAgent',
      'userId',
    ]);
    expect(body.session).toMatchObject({ token, userId: user.id });
    expect(body.user).toMatchObject({ id: user.id, email: 'keys@example.com' });
  });

  it('answers from the cookie cache without reading the database, and from the database when asked', async () => {
    const client = server.client();
    const { token } = await client.signUp('cache@example.com');
    // Remove the row behind the engine's back: only the cache can still answer.
    await server.database.db.deleteFrom('session').where('token', '=', token).execute();
    const cached = await client.get('/get-session');
    expect((await cached.json()).session.token).toBe(token);
    expect(cached.headers.getSetCookie()).toEqual([]);
    const uncached = await client.get('/get-session?disableCookieCache=true');
    expect(await uncached.json()).toBeNull();
    expect(uncached.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual([
      'better-auth.session_token',
      'better-auth.session_data',
      'better-auth.dont_remember',
    ]);
  });

  it('treats disableCookieCache=false as false', async () => {
    const client = server.client();
    const { token } = await client.signUp('flag@example.com');
    await server.database.db.deleteFrom('session').where('token', '=', token).execute();
    expect(await (await client.get('/get-session?disableCookieCache=false')).json()).not.toBeNull();
  });

  it('ignores a cache cookie with a forged signature and reads the database', async () => {
    const client = server.client();
    await client.signUp('forged@example.com');
    const data = present(client.jar.get('better-auth.session_data'));
    const payload = JSON.parse(Buffer.from(data, 'base64url').toString());
    payload.session.user.name = 'Mallory';
    client.jar.cookies.set(
      'better-auth.session_data',
      Buffer.from(JSON.stringify(payload)).toString('base64url'),
    );
    const body = await (await client.get('/get-session')).json();
    expect(body.user.name).toBe('Test User');
  });

  it('treats a token cookie with a bad signature as no cookie, sending no Set-Cookie', async () => {
    const client = server.client();
    const { token } = await client.signUp('tampered@example.com');
    const response = await client.get('/get-session', {
      headers: { cookie: `better-auth.session_token=${token}.${'A'.repeat(43)}=` },
    });
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('deletes an expired session, clears its cookies and answers null', async () => {
    const client = server.client();
    const { token } = await client.signUp('expired@example.com');
    server.clock.advance(7 * DAY + 1);
    const response = await client.get('/get-session');
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie()[0]).toBe(
      'better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('extends the session once it is older than the update age', async () => {
    const client = server.client();
    const { token } = await client.signUp('refresh@example.com');
    const before = present(await sessionRow(token));
    server.clock.advance(DAY + 1);
    const response = await client.get('/get-session?disableCookieCache=true');
    const body = await response.json();
    const after = present(await sessionRow(token));
    const expected = new Date(server.clock.now() + 7 * DAY * 1000).toISOString();
    expect(body.session.expiresAt).toBe(expected);
    expect(new Date(after.expiresAt).toISOString()).toBe(expected);
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect(tokenCookieSet(response)).toBe(true);
  });

  it('does not extend a session younger than the update age', async () => {
    const client = server.client();
    const { token } = await client.signUp('young@example.com');
    const before = present(await sessionRow(token));
    server.clock.advance(3600);
    const response = await client.get('/get-session?disableCookieCache=true');
    expect(tokenCookieSet(response)).toBe(false);
    expect(new Date(present(await sessionRow(token)).expiresAt).getTime()).toBe(
      new Date(before.expiresAt).getTime(),
    );
  });

  it('does not extend when disableRefresh is set', async () => {
    const client = server.client();
    const { token } = await client.signUp('norefresh@example.com');
    const before = present(await sessionRow(token));
    server.clock.advance(DAY + 1);
    const response = await client.get('/get-session?disableCookieCache=1&disableRefresh=true');
    expect((await response.json()).session.token).toBe(token);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(new Date(present(await sessionRow(token)).expiresAt).getTime()).toBe(
      new Date(before.expiresAt).getTime(),
    );
  });

  it('rewrites the cookie cache on a database read', async () => {
    const client = server.client();
    await client.signUp('rewrite@example.com');
    const response = await client.get('/get-session?disableCookieCache=true');
    expect(response.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_data=ey'))).toBe(
      true,
    );
  });

  it('answers 405 to POST', async () => {
    const response = await server.client().post('/get-session');
    expect(await errorOf(response)).toEqual({
      status: 405,
      code: 'METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED',
      message: 'POST method requires deferSessionRefresh to be enabled in session config',
    });
  });
});

describe('session lifecycle options', () => {
  it('never extends a remember-me-off session, which lasts one day', async () => {
    const server = await startTestServer('sqlite', { session: { updateAge: 60 } });
    const client = server.client();
    const { token } = await client.signIn(
      (await server.client().signUp('forget@example.com')).user.email,
      'correct horse battery',
      { rememberMe: false },
    );
    const row = await server.database.db
      .selectFrom('session')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(new Date(row.expiresAt).getTime() - new Date(row.createdAt).getTime()).toBe(DAY * 1000);
    server.clock.advance(120);
    const response = await client.get('/get-session?disableCookieCache=true');
    expect((await response.json()).session.expiresAt).toBe(new Date(row.expiresAt).toISOString());
    expect(response.headers.getSetCookie()).toEqual([]);
    await server.close();
  });

  it('never extends when refresh is disabled by configuration', async () => {
    const server = await startTestServer('sqlite', { session: { disableSessionRefresh: true } });
    const client = server.client();
    const { token } = await client.signUp('fixed@example.com');
    const expiresAt = (
      await server.database.db
        .selectFrom('session')
        .select('expiresAt')
        .where('token', '=', token)
        .executeTakeFirstOrThrow()
    ).expiresAt;
    server.clock.advance(2 * DAY);
    await client.get('/get-session?disableCookieCache=true');
    const after = await server.database.db
      .selectFrom('session')
      .select('expiresAt')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    expect(after.expiresAt).toEqual(expiresAt);
    await server.close();
  });

  it('answers 401 FAILED_TO_GET_SESSION and clears cookies when the refresh cannot be stored', async () => {
    const server = await startTestServer('sqlite');
    const client = server.client();
    await client.signUp('lost@example.com');
    // The update silently skips the row, as if the session vanished between read and write.
    await sql`create trigger skip_session_update before update on session begin select raise(ignore); end`.execute(
      server.database.db,
    );
    server.clock.advance(DAY + 1);
    const response = await client.get('/get-session?disableCookieCache=true');
    expect(await errorOf(response)).toEqual({
      status: 401,
      code: 'FAILED_TO_GET_SESSION',
      message: 'Failed to get session',
    });
    expect(response.headers.getSetCookie()[0]).toContain('Max-Age=0');
    expect(response.headers.get('cache-control')).toBe('no-store');
    await server.close();
  });

  it('without the cookie cache, clears a leftover cache cookie and reads the database', async () => {
    const server = await startTestServer('sqlite', { session: { cookieCache: { enabled: false } } });
    const client = server.client();
    const signUp = await client.post('/sign-up/email', {
      name: 'N',
      email: 'nocache@example.com',
      password: 'long enough pw',
    });
    expect(signUp.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_data'))).toBe(false);
    const response = await client.get('/get-session', {
      headers: { cookie: `${client.jar.header()}; better-auth.session_data=stale` },
    });
    expect((await response.json()).user.email).toBe('nocache@example.com');
    expect(response.headers.getSetCookie()).toContain(
      'better-auth.session_data=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    );
    await server.close();
  });

  it('uses __Secure- names and the Secure attribute with secure cookies', async () => {
    const server = await startTestServer('sqlite', { advanced: { useSecureCookies: true } });
    const response = await server
      .client()
      .post('/sign-up/email', { name: 'S', email: 'secure@example.com', password: 'long enough pw' });
    const token = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Secure-better-auth.session_token='));
    expect(token).toMatch(/; Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    await server.close();
  });

  it('uses a configured cookie prefix', async () => {
    const server = await startTestServer('sqlite', { advanced: { cookiePrefix: 'gatehouse' } });
    const client = server.client();
    await client.signUp('prefix@example.com');
    expect(client.jar.get('gatehouse.session_token')).toBeDefined();
    expect((await (await client.get('/get-session')).json()).user.email).toBe('prefix@example.com');
    await server.close();
  });

  it('sets no cache cookie when the session would not fit in 4093 characters, and reads it from the database', async () => {
    const server = await startTestServer('sqlite', {
      user: { additionalFields: { bio: { type: 'string', required: false } } },
    });
    const client = server.client();
    const small = await client.post('/sign-up/email', {
      name: 'S',
      email: 'small@example.com',
      password: 'long enough pw',
      bio: 'short',
    });
    const cache = present(
      small.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_data=')),
    );
    expect(present(cache.split(';')[0]).length - 'better-auth.session_data='.length).toBeLessThanOrEqual(
      4093,
    );
    const big = server.client();
    const response = await big.post('/sign-up/email', {
      name: 'B',
      email: 'big@example.com',
      password: 'long enough pw',
      bio: 'b'.repeat(5000),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_data='))).toBe(
      false,
    );
    const session = await (await big.get('/get-session')).json();
    expect(session.user.bio).toHaveLength(5000);
    await server.close();
  });
});
