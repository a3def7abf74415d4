/**
 * Session reads and session lists that arrive together share one database query on PostgreSQL
 * (db/hot-read.ts). Whatever the batching, each request must get its own session (or its
 * own list, oldest first), a revoked one none, and an unknown token none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../testing/test-server.ts';

describe.each(testDialects())('session reads arriving together (%s)', (dialect) => {
  let server: TestServer;
  let clients: TestClient[];
  beforeAll(async () => {
    server = await startTestServer(dialect);
    clients = [];
    for (let i = 0; i < 6; i++) {
      const client = server.client();
      await client.signUp(`together-${i}@example.com`);
      clients.push(client);
    }
  });
  afterAll(() => server.close());

  const readAll = () =>
    Promise.all(
      clients.map(async (client) => {
        const response = await client.get('/get-session?disableCookieCache=true');
        return ((await response.json()) as { user: { email: string } } | null)?.user.email ?? null;
      }),
    );

  it('answers each request with its own session, twice over', async () => {
    const expected = clients.map((_, i) => `together-${i}@example.com`);
    expect(await readAll()).toEqual(expected);
    const twice = await Promise.all([readAll(), readAll()]);
    expect(twice).toEqual([expected, expected]);
  });

  it('lists each caller’s own sessions, oldest first, when the lists are asked together', async () => {
    // A second device for the first three people, so lists differ in length.
    const expected = new Map<TestClient, string[]>();
    for (const [i, client] of clients.entries()) {
      const own = ((await (await client.get('/list-sessions')).json()) as { token: string }[]).map(
        (session) => session.token,
      );
      if (i < 3) {
        server.clock.advance(1);
        const second = server.client();
        own.push((await second.signIn(`together-${i}@example.com`)).token);
      }
      expected.set(client, own);
    }
    const lists = await Promise.all(
      [...clients, ...clients].map(async (client) => {
        const response = await client.get('/list-sessions');
        expect(response.status).toBe(200);
        return ((await response.json()) as { token: string }[]).map((session) => session.token);
      }),
    );
    expect(lists).toEqual([...clients, ...clients].map((client) => expected.get(client)));
  });

  it('answers null for a signed-out session and a made-up token in the same batch', async () => {
    const [signedOut, , ...rest] = clients;
    if (!signedOut) throw new Error('no client');
    expect((await signedOut.post('/sign-out')).status).toBe(200);
    const stranger = server.client();
    stranger.jar.cookies.set('better-auth.session_token', 'made-up.token');
    const [gone, unknown, ...others] = await Promise.all([
      signedOut.get('/get-session?disableCookieCache=true'),
      stranger.get('/get-session?disableCookieCache=true'),
      ...rest.map((client) => client.get('/get-session?disableCookieCache=true')),
    ]);
    expect(await gone?.json()).toBeNull();
    expect(await unknown?.json()).toBeNull();
    for (const response of others) expect((await response.json()).user.email).toMatch(/^together-/);
  });
});
