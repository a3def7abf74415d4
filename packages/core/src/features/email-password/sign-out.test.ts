import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('POST /sign-out (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  it('deletes the session, clears all session cookies and answers {success: true}', async () => {
    const client = server.client();
    const { token } = await client.signUp('out@example.com');
    const response = await client.post('/sign-out');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.getSetCookie()).toEqual([
      'better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'better-auth.session_data=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'better-auth.dont_remember=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
    ]);
    expect(
      await server.database.db
        .selectFrom('session')
        .where('token', '=', token)
        .selectAll()
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a signed-out cookie cache no longer answers get-session', async () => {
    const client = server.client();
    await client.signUp('cache-out@example.com');
    const cookies = client.jar.header();
    await client.post('/sign-out');
    const stale = await client.get('/get-session', { headers: { cookie: cookies } });
    expect(await stale.json()).toBeNull();
  });

  it('succeeds without any session', async () => {
    const response = await server.client().post('/sign-out');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
  });

  it('refuses a cookie-bearing sign-out from an untrusted origin, keeping the session', async () => {
    const client = server.client();
    await client.signUp('keep@example.com');
    const response = await client.post('/sign-out', {}, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
    expect(await (await client.get('/get-session')).json()).not.toBeNull();
  });
});
