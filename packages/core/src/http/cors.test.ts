import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server.ts';

const APP = 'https://app.example.test';
const PREVIEW = 'https://pr-7.preview.example.test';
const EVIL = 'https://evil.example.net';

/** What a browser sends before a cross-origin JSON POST (or any call with Authorization). */
function preflight(server: TestServer, path: string, origin: string, method = 'POST') {
  return fetch(`${server.url}/api/auth${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
    },
  });
}

function expectNoCors(response: Response) {
  expect(response.headers.get('access-control-allow-origin')).toBeNull();
  expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  expect(response.headers.get('access-control-expose-headers')).toBeNull();
}

function expectCors(response: Response, origin: string) {
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  expect(response.headers.get('vary')).toContain('Origin');
}

describe('CORS for trusted origins', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      cors: { enabled: true, maxAge: 900 },
      trustedOrigins: [APP, 'https://*.preview.example.test'],
      jwt: { enabled: true },
      rateLimit: { enabled: true, customRules: { '/ok': { window: 60, max: 2 } } },
    });
  });
  afterAll(() => server.close());

  it.each([
    ['an exact trusted origin', APP],
    ['a wildcard-trusted origin', PREVIEW],
  ])('answers the preflight of %s with 204 and the CORS headers', async (_, origin) => {
    const response = await preflight(server, '/sign-up/email', origin);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expectCors(response, origin);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type, authorization');
    expect(response.headers.get('access-control-max-age')).toBe('900');
  });

  it('allows exactly the methods the path has', async () => {
    const response = await preflight(server, '/get-session', APP, 'GET');
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST');
  });

  it("answers the base URL's own origin too", async () => {
    expectCors(await preflight(server, '/sign-out', server.url), server.url);
  });

  it.each([
    ['an untrusted origin', EVIL],
    ['an http twin of a trusted origin', 'http://app.example.test'],
    ['a look-alike host', 'https://app.example.test.evil.net'],
    ['the opaque origin', 'null'],
  ])('answers the preflight of %s as before (404 with Allow) and without CORS headers', async (_, origin) => {
    const response = await preflight(server, '/sign-up/email', origin);
    expect(response.status).toBe(404);
    expect(response.headers.get('allow')).toBe('POST');
    expectNoCors(response);
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('answers a trusted preflight for an unknown path with 404, readable by the app', async () => {
    const response = await preflight(server, '/no-such-route', APP);
    expect(await errorOf(response)).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Not Found' });
    expectCors(response, APP);
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('answers an OPTIONS that is not a preflight (no Access-Control-Request-Method) with 404', async () => {
    const response = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'OPTIONS',
      headers: { origin: APP },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('lets a trusted origin sign up with credentials and read the session headers', async () => {
    const client = server.client();
    const response = await client.post(
      '/sign-up/email',
      { name: 'Ann', email: 'cors-ann@example.test', password: 'correct horse battery' },
      { headers: { origin: APP } },
    );
    expect(response.status).toBe(200);
    expectCors(response, APP);
    expect(response.headers.getSetCookie().length).toBeGreaterThan(0);

    const session = await client.get('/get-session', { headers: { origin: APP } });
    expectCors(session, APP);
    expect(session.headers.get('set-auth-jwt')).toBeTruthy();
    expect(session.headers.get('access-control-expose-headers')).toBe('set-auth-jwt, set-auth-token');
  });

  it('gives an untrusted origin no CORS headers on a real request', async () => {
    const response = await server.client().get('/get-session', { headers: { origin: EVIL } });
    expect(response.status).toBe(200);
    expectNoCors(response);
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('keeps the origin check: a cookie-carrying POST from an untrusted origin is refused, without CORS', async () => {
    const client = server.client();
    await client.signUp('cors-bob@example.test');
    const response = await client.post('/sign-out', {}, { headers: { origin: EVIL } });
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'INVALID_ORIGIN',
      message: 'Invalid origin',
    });
    expectNoCors(response);
  });

  it.each([
    [
      'a wrong password (401)',
      '/sign-in/email',
      { email: 'nobody@example.test', password: 'wrong password' },
      401,
    ],
    ['bad input (400)', '/sign-in/email', { email: 42 }, 400],
    ['an unknown route (404)', '/nope', {}, 404],
  ])('puts CORS headers on error answers for a trusted origin: %s', async (_, path, body, status) => {
    const response = await server.client().post(path, body, { headers: { origin: APP } });
    expect(response.status).toBe(status);
    expectCors(response, APP);
    expect(response.headers.get('access-control-expose-headers')).toBe('set-auth-token, set-auth-jwt');
  });

  it('answers preflights outside the rate limit; the 429 a trusted origin gets is readable', async () => {
    for (let i = 0; i < 3; i++) expect((await preflight(server, '/ok', APP, 'GET')).status).toBe(204);
    const client = server.client();
    for (let i = 0; i < 2; i++)
      expect((await client.get('/ok', { headers: { origin: APP } })).status).toBe(200);
    const limited = await client.get('/ok', { headers: { origin: APP } });
    expect(limited.status).toBe(429);
    expectCors(limited, APP);
  });
});

describe('CORS off (the engine default, docs/protocol/core.md#routing)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { trustedOrigins: [APP] });
  });
  afterAll(() => server.close());

  it('answers preflights with 404 and sends no CORS headers, not even Vary', async () => {
    const response = await preflight(server, '/sign-up/email', APP);
    expect(response.status).toBe(404);
    expectNoCors(response);
    expect(response.headers.get('vary')).toBeNull();
    const session = await server.client().get('/get-session', { headers: { origin: APP } });
    expectNoCors(session);
  });
});
