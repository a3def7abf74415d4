import { afterEach, describe, expect, it } from 'vitest';
import type { AuthOptions } from '../../options.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

const LIMITED = { status: 429, code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' };

/** A sign-in that fails on credentials (401) whenever the limiter lets it through. */
const signInAttempt = (client: TestClient, headers?: Record<string, string>) =>
  client.post('/sign-in/email', { email: 'nobody@example.com', password: 'wrong password' }, { headers });

describe('rate limiting over HTTP (memory store)', () => {
  let server: TestServer;
  const start = async (rateLimit: AuthOptions['rateLimit'], advanced?: AuthOptions['advanced']) => {
    server = await startTestServer('sqlite', { rateLimit: { enabled: true, ...rateLimit }, advanced });
    return server.client();
  };
  afterEach(() => server.close());

  it('refuses the 4th sign-in within 10 s with 429 RATE_LIMITED and X-Retry-After', async () => {
    const client = await start({});
    for (let i = 0; i < 3; i++) expect((await signInAttempt(client)).status).toBe(401);
    const refused = await signInAttempt(client);
    expect(refused.headers.get('x-retry-after')).toBe('10');
    expect(refused.headers.get('content-type')).toBe('application/json');
    expect(await errorOf(refused)).toEqual(LIMITED);
  });

  it('counts down the retry-after, lets the client in once the window has passed', async () => {
    const client = await start({});
    for (let i = 0; i < 3; i++) await signInAttempt(client);
    server.clock.advance(4);
    // Refused requests do not move the window: 6 s are left, not 10.
    expect((await signInAttempt(client)).headers.get('x-retry-after')).toBe('6');
    server.clock.advance(5.5);
    expect((await signInAttempt(client)).headers.get('x-retry-after')).toBe('1');
    server.clock.advance(0.5);
    expect((await signInAttempt(client)).status).toBe(401);
  });

  it('restarts the window at each allowed request', async () => {
    const client = await start({});
    await signInAttempt(client);
    server.clock.advance(5);
    await signInAttempt(client);
    server.clock.advance(4);
    expect((await signInAttempt(client)).status).toBe(401);
    server.clock.advance(3);
    // 12 s after the first attempt but 3 s after the last allowed one.
    const refused = await signInAttempt(client);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-retry-after')).toBe('7');
  });

  it('gives other paths the default of 100 requests per 10 s', async () => {
    const client = await start({});
    for (let i = 0; i < 100; i++) expect((await client.get('/ok')).status).toBe(200);
    const refused = await client.get('/ok');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-retry-after')).toBe('10');
    // Each path has its own counter.
    expect((await client.get('/get-session')).status).toBe(200);
  });

  it.each(['/verify-password', '/delete-user'])(
    'counts password guesses at %s under the sign-in rule: the 4th within 10 s is refused',
    async (path) => {
      server = await startTestServer('sqlite', {
        rateLimit: { enabled: true },
        user: { deleteUser: { enabled: true } },
      });
      const client = server.client();
      const { user } = await client.signUp('guessed@example.com');
      for (let i = 0; i < 3; i++)
        expect(await errorOf(await client.post(path, { password: `guess ${i}` }))).toEqual({
          status: 400,
          code: 'INVALID_PASSWORD',
          message: 'Invalid password',
        });
      const refused = await client.post(path, { password: 'correct horse battery' });
      expect(await errorOf(refused)).toEqual(LIMITED);
      expect(refused.headers.get('x-retry-after')).toBe('10');
      // The refused right guess did nothing: the account is still there.
      const kept = await server.database.db
        .selectFrom('user')
        .select('id')
        .where('id', '=', user.id)
        .execute();
      expect(kept).toHaveLength(1);
    },
  );

  it('takes the default window and max from the options', async () => {
    const client = await start({ window: 30, max: 2 });
    expect((await client.get('/ok')).status).toBe(200);
    expect((await client.get('/ok')).status).toBe(200);
    const refused = await client.get('/ok');
    expect(await errorOf(refused)).toEqual(LIMITED);
    expect(refused.headers.get('x-retry-after')).toBe('30');
    // The built-in sign-in rule still applies over the default.
    for (let i = 0; i < 3; i++) expect((await signInAttempt(client)).status).toBe(401);
    expect((await signInAttempt(client)).status).toBe(429);
  });

  it('counts unknown paths, any method, and ignores trailing slashes in the key', async () => {
    const client = await start({ max: 3 });
    expect((await client.get('/nope')).status).toBe(404);
    expect((await client.post('/nope', {})).status).toBe(404);
    expect((await client.get('/nope/')).status).toBe(404);
    expect(await errorOf(await client.get('/nope'))).toEqual(LIMITED);
  });

  it('applies a custom rule over the default and the built-in rules', async () => {
    const client = await start({
      customRules: { '/ok': { window: 5, max: 1 }, '/sign-in/*': { window: 60, max: 5 } },
    });
    expect((await client.get('/ok')).status).toBe(200);
    const refused = await client.get('/ok');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-retry-after')).toBe('5');
    for (let i = 0; i < 5; i++) expect((await signInAttempt(client)).status).toBe(401);
    const signIn = await signInAttempt(client);
    expect(signIn.status).toBe(429);
    expect(signIn.headers.get('x-retry-after')).toBe('60');
  });

  it('exempts a path whose custom rule is false', async () => {
    const client = await start({ max: 1, customRules: { '/sign-in/email': false } });
    for (let i = 0; i < 6; i++) expect((await signInAttempt(client)).status).toBe(401);
    expect((await client.get('/ok')).status).toBe(200);
    expect((await client.get('/ok')).status).toBe(429);
  });

  it('counts clients apart by the configured IP header', async () => {
    const client = await start({}, { ipAddressHeaders: ['x-forwarded-for'] });
    const first = { 'x-forwarded-for': '203.0.113.1' };
    const second = { 'x-forwarded-for': '203.0.113.2' };
    for (let i = 0; i < 3; i++) expect((await signInAttempt(client, first)).status).toBe(401);
    expect((await signInAttempt(client, first)).status).toBe(429);
    expect((await signInAttempt(client, second)).status).toBe(401);
    // IPv6 clients are counted per /64: another address in the same /64 shares the counter.
    for (let i = 0; i < 3; i++) await signInAttempt(client, { 'x-forwarded-for': '2001:db8::1' });
    expect((await signInAttempt(client, { 'x-forwarded-for': '2001:db8::2' })).status).toBe(429);
    expect((await signInAttempt(client, { 'x-forwarded-for': '2001:db8:0:1::1' })).status).toBe(401);
  });

  it('ignores X-Forwarded-For when no IP header is configured', async () => {
    const client = await start({});
    for (let i = 0; i < 3; i++) {
      const spoofed = { 'x-forwarded-for': `198.51.100.${i}` };
      expect((await signInAttempt(client, spoofed)).status).toBe(401);
    }
    expect((await signInAttempt(client, { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
  });

  it('puts every client without a resolvable IP under one shared key', async () => {
    await start({ max: 2 });
    // No connection info and no IP header: the handler cannot tell these callers apart.
    const unresolved = () => server.auth.handler(new Request(`${server.url}/api/auth/ok`));
    expect((await unresolved()).status).toBe(200);
    expect((await unresolved()).status).toBe(200);
    expect((await unresolved()).status).toBe(429);
    // A client with an address keeps its own counter.
    expect((await server.client().get('/ok')).status).toBe(200);
  });

  it('does not limit at all when disabled', async () => {
    server = await startTestServer('sqlite', { rateLimit: { enabled: false, max: 1 } });
    const client = server.client();
    for (let i = 0; i < 5; i++) expect((await signInAttempt(client)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await client.get('/ok')).status).toBe(200);
  });
});
