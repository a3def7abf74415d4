import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../testing/present.ts';
import { testDialects } from '../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server.ts';

const UNTRUSTED = 'https://evil.example.net';

/** A request as a mobile app or CLI sends it: no cookies, no Origin, the token in Authorization. */
function withBearer(server: TestServer, method: string, path: string, authorization: string, body?: unknown) {
  return fetch(`${server.url}/api/auth${path}`, {
    method,
    headers: {
      authorization,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Signs a new person up and returns the token `set-auth-token` handed out, and the client. */
async function signedUp(server: TestServer, email: string) {
  const client = server.client();
  const response = await client.post('/sign-up/email', {
    name: 'Bearer User',
    email,
    password: 'correct horse battery',
  });
  expect(response.status).toBe(200);
  const token = present(response.headers.get('set-auth-token'));
  const body = (await response.json()) as { token: string; user: { id: string } };
  return { client, token, raw: body.token, userId: body.user.id };
}

async function sessionUser(response: Response): Promise<string | null> {
  const body = (await response.json()) as { user: { id: string } } | null;
  return body?.user.id ?? null;
}

describe.each(testDialects())('bearer tokens, Better Auth bearer plugin wire shape (%s)', (dialect) => {
  let server: TestServer;
  let count = 0;
  const email = () => `bearer-${++count}@example.test`;
  beforeAll(async () => {
    server = await startTestServer(dialect, { bearer: { enabled: true } });
  });
  afterAll(() => server.close());

  it('hands out the signed session cookie value in set-auth-token on sign-up and sign-in, exposed', async () => {
    const { client, token } = await signedUp(server, email());
    const cookie = present(client.jar.get(server.auth.options.cookiePrefix + '.session_token'));
    expect(token).toBe(decodeURIComponent(cookie));
    expect(token).toMatch(/^[A-Za-z0-9]+\.[A-Za-z0-9+/]{43}=$/);

    const signIn = await server.client().post('/sign-in/email', {
      email: `bearer-${count}@example.test`,
      password: 'correct horse battery',
    });
    expect(signIn.headers.get('set-auth-token')).toMatch(/\.[A-Za-z0-9+/]{43}=$/);
    expect(signIn.headers.get('access-control-expose-headers')).toBe('set-auth-token');
  });

  it('hands out nothing when the session cookie is cleared (sign-out) or not set (refused sign-in)', async () => {
    const { token } = await signedUp(server, email());
    const signOut = await withBearer(server, 'POST', '/sign-out', `Bearer ${token}`, {});
    expect(signOut.status).toBe(200);
    expect(signOut.headers.get('set-auth-token')).toBeNull();
    const refused = await server.client().post('/sign-in/email', {
      email: 'nobody@example.test',
      password: 'wrong password here',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('set-auth-token')).toBeNull();
  });

  it.each([
    ['as set-auth-token hands it out', (t: { token: string; raw: string }) => t.token],
    ['percent-encoded, as the cookie carries it', (t: { token: string }) => encodeURIComponent(t.token)],
    ['unsigned (the sign-in body token), as the plugin accepts by default', (t: { raw: string }) => t.raw],
    ['with a lower-case scheme and spaces around', (t: { token: string }) => ` ${t.token} `],
  ])('accepts the token %s', async (_, pick) => {
    const signed = await signedUp(server, email());
    const value = pick(signed);
    const scheme = value.startsWith(' ') ? 'bearer' : 'Bearer';
    const response = await withBearer(server, 'GET', '/get-session', `${scheme} ${value}`);
    expect(response.status).toBe(200);
    expect(await sessionUser(response)).toBe(signed.userId);
  });

  it('refuses a revoked token', async () => {
    const { token } = await signedUp(server, email());
    expect((await withBearer(server, 'POST', '/revoke-sessions', `Bearer ${token}`, {})).status).toBe(200);
    const response = await withBearer(server, 'GET', '/list-sessions', `Bearer ${token}`);
    expect(await errorOf(response)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(await sessionUser(await withBearer(server, 'GET', '/get-session', `Bearer ${token}`))).toBeNull();
  });

  it('refuses an expired token', async () => {
    const { token } = await signedUp(server, email());
    server.clock.advance(server.auth.options.session.expiresIn + 1);
    try {
      const response = await withBearer(server, 'GET', '/list-sessions', `Bearer ${token}`);
      expect(response.status).toBe(401);
    } finally {
      server.clock.advance(-(server.auth.options.session.expiresIn + 1));
    }
  });

  it.each([
    ['a wrong signature', (t: string) => `Bearer ${t.slice(0, t.indexOf('.'))}.${'A'.repeat(43)}=`],
    ['a truncated signature', (t: string) => `Bearer ${t.slice(0, -5)}`],
    ['an unknown unsigned token', () => 'Bearer notasessiontoken'],
    ['the scheme alone', () => 'Bearer'],
    ['an empty token', () => 'Bearer    '],
    ['another scheme', (t: string) => `Basic ${t}`],
    ['no space after the scheme', (t: string) => `Bearer${t}`],
    ['a NUL byte in a signed token', (t: string) => `Bearer ${t.replace('.', '%00.')}`],
    ['a bad percent escape', (t: string) => `Bearer ${t}%E0%A4%A`],
  ])('reads a header with %s as no session (401, nothing changes)', async (_, header) => {
    const { token } = await signedUp(server, email());
    const response = await withBearer(server, 'GET', '/list-sessions', header(token));
    expect(await errorOf(response)).toEqual({ status: 401, code: 'UNAUTHORIZED', message: 'Unauthorized' });
    expect(response.headers.get('set-auth-token')).toBeNull();
  });

  it('skips the cookie origin check for a bearer request, and only that: redirect checks stay', async () => {
    const { token } = await signedUp(server, email());
    const headers = {
      authorization: `Bearer ${token}`,
      origin: UNTRUSTED,
      'content-type': 'application/json',
    };
    const update = await fetch(`${server.url}/api/auth/update-user`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Renamed' }),
    });
    expect(update.status).toBe(200);
    const redirect = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ callbackURL: `${UNTRUSTED}/steal` }),
    });
    expect(await errorOf(redirect)).toEqual({
      status: 403,
      code: 'INVALID_CALLBACK_URL',
      message: 'Invalid callbackURL',
    });
  });

  it('keeps the origin check when the bearer token is not accepted and a cookie carries the session', async () => {
    const { client } = await signedUp(server, email());
    const response = await client.post(
      '/update-user',
      { name: 'Forged' },
      { headers: { authorization: 'Bearer forged.token', origin: UNTRUSTED } },
    );
    expect(await errorOf(response)).toEqual({
      status: 403,
      code: 'INVALID_ORIGIN',
      message: 'Invalid origin',
    });
  });

  it('prefers an accepted bearer token over the cookie session, as the plugin does', async () => {
    const first = await signedUp(server, email());
    const second = await signedUp(server, email());
    const response = await first.client.get('/get-session', {
      headers: { authorization: `Bearer ${second.token}` },
    });
    expect(await sessionUser(response)).toBe(second.userId);
  });

  it('hands out the token again when a bearer read extends the session', async () => {
    const { token, userId } = await signedUp(server, email());
    server.clock.advance(server.auth.options.session.updateAge + 1);
    const response = await withBearer(server, 'GET', '/get-session', `Bearer ${token}`);
    expect(await sessionUser(response)).toBe(userId);
    expect(response.headers.get('set-auth-token')).toBe(token);
    const again = await withBearer(server, 'GET', '/get-session', `Bearer ${token}`);
    expect(again.headers.get('set-auth-token')).toBeNull();
  });

  it('works through auth.api as well (server-side calls with the headers of a request)', async () => {
    const { token, userId } = await signedUp(server, email());
    const response = await server.auth.handler(
      new Request(`${server.url}/api/auth/get-session`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect(await sessionUser(response)).toBe(userId);
  });
});

describe('bearer tokens on every route that reads a session', () => {
  let server: TestServer;
  let count = 0;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      bearer: { enabled: true },
      user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
      admin: { enabled: true },
      jwt: { enabled: true },
      organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
      twoFactor: { enabled: true },
    });
  });
  afterAll(() => server.close());

  /** One request to a route, as the route fuzz sends an empty one: `{}` to a POST, nothing to a GET. */
  async function answer(method: string, path: string, credentials: 'cookie' | 'bearer' | 'revoked' | 'none') {
    const signed = await signedUp(server, `every-${++count}@example.test`);
    const body = method === 'POST' ? {} : undefined;
    if (credentials === 'cookie') return signed.client.request(method, path, body);
    if (credentials === 'none') return server.client().request(method, path, body);
    if (credentials === 'revoked')
      await withBearer(server, 'POST', '/sign-out', `Bearer ${signed.token}`, {});
    return withBearer(server, method, path, `Bearer ${signed.token}`, body);
  }

  async function outcome(response: Response) {
    const text = await response.text();
    let code: unknown;
    try {
      code = (JSON.parse(text) as { code?: unknown } | null)?.code;
    } catch {
      code = undefined;
    }
    return { status: response.status, code };
  }

  it('answers a bearer request exactly as the same request with the session cookie', async () => {
    const routes = server.auth.routes.filter((route) => !route.path.includes(':'));
    expect(routes.length).toBeGreaterThan(50);
    const differences: string[] = [];
    let sessionRoutes = 0;
    for (const route of routes) {
      const cookie = await outcome(await answer(route.method, route.path, 'cookie'));
      const bearer = await outcome(await answer(route.method, route.path, 'bearer'));
      const none = await outcome(await answer(route.method, route.path, 'none'));
      const revoked = await outcome(await answer(route.method, route.path, 'revoked'));
      if (cookie.status !== bearer.status || cookie.code !== bearer.code)
        differences.push(
          `${route.method} ${route.path}: cookie ${JSON.stringify(cookie)}, bearer ${JSON.stringify(bearer)}`,
        );
      if (revoked.status !== none.status || revoked.code !== none.code)
        differences.push(
          `${route.method} ${route.path}: signed out ${JSON.stringify(none)}, revoked ${JSON.stringify(revoked)}`,
        );
      if (none.code === 'UNAUTHORIZED' && bearer.code !== 'UNAUTHORIZED') sessionRoutes++;
    }
    expect(differences).toEqual([]);
    // Many routes refuse `{}` before they look at the session; these reached it and were let in.
    expect(sessionRoutes).toBeGreaterThan(15);
  }, 120_000);
});

describe('bearer tokens off (the engine default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { bearer: { enabled: false } });
  });
  afterAll(() => server.close());

  it('ignores the Authorization header and sends no set-auth-token', async () => {
    const client = server.client();
    const response = await client.post('/sign-up/email', {
      name: 'Off',
      email: 'off@example.test',
      password: 'correct horse battery',
    });
    expect(response.headers.get('set-auth-token')).toBeNull();
    const { token } = (await response.json()) as { token: string };
    const list = await withBearer(server, 'GET', '/list-sessions', `Bearer ${token}`);
    expect(list.status).toBe(401);
  });
});

describe('bearer tokens that must be signed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { bearer: { enabled: true, requireSignature: true } });
  });
  afterAll(() => server.close());

  it('refuses the unsigned token and accepts the signed one', async () => {
    const signed = await signedUp(server, 'signed@example.test');
    expect((await withBearer(server, 'GET', '/list-sessions', `Bearer ${signed.raw}`)).status).toBe(401);
    expect((await withBearer(server, 'GET', '/list-sessions', `Bearer ${signed.token}`)).status).toBe(200);
  });
});
