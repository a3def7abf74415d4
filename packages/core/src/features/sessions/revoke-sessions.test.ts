import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('listing and revoking sessions (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  let counter = 0;
  /** One user signed in on two devices, plus a stranger. */
  async function devices() {
    const email = `user${++counter}@example.com`;
    const laptop = server.client();
    const phone = server.client();
    const stranger = server.client();
    const { token: laptopToken } = await laptop.signUp(email);
    const { token: phoneToken } = await phone.signIn(email);
    const { token: strangerToken } = await stranger.signUp(`stranger${counter}@example.com`);
    return { laptop, phone, stranger, laptopToken, phoneToken, strangerToken };
  }
  const exists = async (token: string) =>
    (await server.database.db
      .selectFrom('session')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirst()) !== undefined;
  const signedIn = async (client: TestClient) => (await (await client.get('/get-session')).json()) !== null;

  it('list-sessions answers the caller’s unexpired sessions only', async () => {
    const { laptop, laptopToken, phoneToken } = await devices();
    const response = await laptop.get('/list-sessions');
    expect(response.status).toBe(200);
    const sessions = await response.json();
    expect(sessions.map((s: { token: string }) => s.token).sort()).toEqual([laptopToken, phoneToken].sort());
  });

  it('list-sessions leaves out expired sessions', async () => {
    const { laptop, phoneToken } = await devices();
    await server.database.db
      .updateTable('session')
      .set({ expiresAt: new Date(server.clock.now() - 1000).toISOString() })
      .where('token', '=', phoneToken)
      .execute();
    const sessions = await (await laptop.get('/list-sessions')).json();
    expect(sessions.map((s: { token: string }) => s.token)).not.toContain(phoneToken);
  });

  it('list-sessions needs a session (401) but not a fresh one', async () => {
    expect(await errorOf(await server.client().get('/list-sessions'))).toEqual({
      status: 401,
      code: 'UNAUTHORIZED',
      message: 'Unauthorized',
    });
    const { laptop } = await devices();
    server.clock.advance(2 * 86_400);
    expect((await laptop.get('/list-sessions')).status).toBe(200);
  });

  it('revoke-session ends another device’s session, cache cookie included', async () => {
    const { laptop, phone, phoneToken } = await devices();
    const response = await laptop.post('/revoke-session', { token: phoneToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: true });
    expect(await exists(phoneToken)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
  });

  it('revoke-session of the current session also clears its cookies', async () => {
    const { laptop, laptopToken } = await devices();
    const response = await laptop.post('/revoke-session', { token: laptopToken });
    expect(response.headers.getSetCookie()[0]).toBe(
      'better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(await signedIn(laptop)).toBe(false);
  });

  it('revoke-session answers 400 SESSION_NOT_FOUND for an unknown token', async () => {
    const { laptop } = await devices();
    const response = await laptop.post('/revoke-session', { token: 'no-such-token' });
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'SESSION_NOT_FOUND',
      message: 'Session not found',
    });
  });

  it('revoke-session answers 401 for another user’s token and revokes nothing', async () => {
    const { laptop, stranger, strangerToken } = await devices();
    const response = await laptop.post('/revoke-session', { token: strangerToken });
    expect(await errorOf(response)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(await exists(strangerToken)).toBe(true);
    expect(await signedIn(stranger)).toBe(true);
  });

  it.each([
    ['no body', undefined],
    ['a numeric token', { token: 12 }],
    ['an oversized token', { token: 't'.repeat(300) }],
  ])('revoke-session with %s answers 400 VALIDATION_ERROR', async (_, body) => {
    const { laptop } = await devices();
    const response = await laptop.request('POST', '/revoke-session', body);
    expect(await errorOf(response)).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid body parameters',
    });
  });

  it('revoke-session without a session answers 401', async () => {
    const response = await server.client().post('/revoke-session', { token: 'x' });
    expect(await errorOf(response)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
  });

  it('revoke routes read the session from the database, not the cookie cache', async () => {
    const { laptop, laptopToken, phoneToken } = await devices();
    await server.database.db.deleteFrom('session').where('token', '=', laptopToken).execute();
    const response = await laptop.post('/revoke-other-sessions');
    expect(response.status).toBe(401);
    expect(await exists(phoneToken)).toBe(true);
  });

  it('revoke-other-sessions keeps the current session and ends the rest', async () => {
    const { laptop, phone, laptopToken, phoneToken } = await devices();
    const response = await laptop.post('/revoke-other-sessions');
    expect(await response.json()).toEqual({ status: true });
    expect(response.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token='))).toBe(
      false,
    );
    expect(await exists(laptopToken)).toBe(true);
    expect(await exists(phoneToken)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
  });

  it('revoke-sessions ends every session of the caller only', async () => {
    const { laptop, phone, stranger, laptopToken, phoneToken, strangerToken } = await devices();
    const response = await laptop.post('/revoke-sessions');
    expect(await response.json()).toEqual({ status: true });
    expect(await exists(laptopToken)).toBe(false);
    expect(await exists(phoneToken)).toBe(false);
    expect(await exists(strangerToken)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(stranger)).toBe(true);
  });

  it('revoke-sessions and revoke-other-sessions answer 401 without a session', async () => {
    expect((await server.client().post('/revoke-sessions')).status).toBe(401);
    expect((await server.client().post('/revoke-other-sessions')).status).toBe(401);
  });

  it('a cookie-bearing revoke from an untrusted or missing origin is refused with 403', async () => {
    const { laptop, phoneToken } = await devices();
    const evil = await laptop.post(
      '/revoke-session',
      { token: phoneToken },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(await errorOf(evil)).toEqual({ status: 403, code: 'INVALID_ORIGIN', message: 'Invalid origin' });
    const none = await laptop.post('/revoke-session', { token: phoneToken }, { noOrigin: true });
    expect(await errorOf(none)).toEqual({
      status: 403,
      code: 'MISSING_OR_NULL_ORIGIN',
      message: 'Missing or null Origin',
    });
    expect(await exists(phoneToken)).toBe(true);
  });
});
