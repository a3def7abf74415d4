import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { present } from '@gatehouse/core/testing';
import { createAuthClient } from 'better-auth/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';
import { productServers } from '../testing/product-servers.ts';

const APP = 'https://app.example.test';
const PASSWORD = 'correct horse battery staple';

let server: RunningServer;
let baseURL: string;
let dataDir: string;
let counter = 0;
const freshEmail = () => `bearer-${++counter}-${Date.now()}@example.com`;

/**
 * A client that keeps no cookies (an app on another site avoiding third-party cookies, a mobile
 * app), set up as Better Auth's bearer docs say: the token from `set-auth-token` is kept and sent
 * back through `fetchOptions.auth`. Its page's Origin goes along, as a browser's fetch sends it:
 * sign-in without one is refused whatever the token (docs/protocol/core.md#sign-in-form-csrf, fetch metadata
 * present).
 */
function bearerClient() {
  let token = '';
  const client = createAuthClient({
    baseURL,
    fetchOptions: {
      // Node's fetch keeps no cookies: only the bearer token carries the session.
      customFetchImpl: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('origin', APP);
        return fetch(input, { ...init, headers });
      },
      auth: { type: 'Bearer', token: () => token },
      onSuccess: (context) => {
        const issued = context.response.headers.get('set-auth-token');
        if (issued) token = issued;
      },
    },
  });
  return { client, token: () => token };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-client-bearer-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'better-auth-client-bearer-secret-0123456789',
      RATE_LIMIT: 'off',
      TRUSTED_ORIGINS: APP,
    }),
    () => {},
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official client: the bearer option (fetchOptions.auth) against the product server', () => {
  it('signs up, reads and changes its account, lists and revokes sessions, signs out: all by bearer token', async () => {
    const { client, token } = bearerClient();
    const email = freshEmail();
    const signUp = await client.signUp.email({ email, password: PASSWORD, name: 'Mo' });
    expect(signUp.error).toBeNull();
    expect(token()).toMatch(/\.[A-Za-z0-9+/]{43}=$/);

    const session = await client.getSession();
    expect(session.data?.user.email).toBe(email);

    expect((await client.updateUser({ name: 'Mo Bearer' })).error).toBeNull();
    expect((await client.getSession()).data?.user.name).toBe('Mo Bearer');

    const changed = await client.changePassword({
      currentPassword: PASSWORD,
      newPassword: 'another long passphrase',
      revokeOtherSessions: true,
    });
    expect(changed.error).toBeNull();
    // Revoking the other sessions issues a new session: the client picked up its new token.
    const sessions = await client.listSessions();
    expect(sessions.data).toHaveLength(1);

    expect((await client.signOut()).error).toBeNull();
    expect((await client.getSession()).data).toBeNull();
  });

  it('a revoked token is refused with 401, as a signed-out caller', async () => {
    const { client } = bearerClient();
    await client.signUp.email({ email: freshEmail(), password: PASSWORD, name: 'Rev' });
    expect((await client.revokeSessions()).error).toBeNull();
    const list = await client.listSessions();
    expect(list.error?.status).toBe(401);
  });

  it('the session answers expose set-auth-token and set-auth-jwt to the app origin', async () => {
    const jar = browserFetch(APP);
    const client = createAuthClient({ baseURL, fetchOptions: { customFetchImpl: jar.fetch } });
    const signUp = await client.signUp.email(
      { email: freshEmail(), password: PASSWORD, name: 'Cors' },
      {
        onResponse: (context) => {
          const headers = context.response.headers;
          expect(headers.get('access-control-allow-origin')).toBe(APP);
          expect(headers.get('access-control-allow-credentials')).toBe('true');
          expect(headers.get('access-control-expose-headers')).toBe('set-auth-token, set-auth-jwt');
          expect(headers.get('set-auth-token')).toBeTruthy();
        },
      },
    );
    expect(signUp.error).toBeNull();
    const seen: { jwt?: string | null } = {};
    await client.getSession({
      fetchOptions: {
        onResponse: (context) => {
          seen.jwt = context.response.headers.get('set-auth-jwt');
        },
      },
    });
    expect(present(seen.jwt).split('.')).toHaveLength(3);
  });

  it("answers the browser's preflight for the app origin, and no other", async () => {
    const ask = (origin: string) =>
      fetch(`${baseURL}/api/auth/sign-in/email`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    const trusted = await ask(APP);
    expect(trusted.status).toBe(204);
    expect(trusted.headers.get('access-control-allow-origin')).toBe(APP);
    expect(trusted.headers.get('access-control-allow-headers')).toBe('content-type, authorization');
    const other = await ask('https://evil.example.net');
    expect(other.status).toBe(404);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('bare session tokens', () => {
  const startProduct = productServers('client-bearer-bare');
  /** Signs up on `server`; answers the signed token from `set-auth-token` and the bare one from the body. */
  async function tokensFrom(server: RunningServer) {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: freshEmail(), password: PASSWORD, name: 'Bare' }),
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    return { signed: present(response.headers.get('set-auth-token')), bare: token };
  }
  const listSessions = (server: RunningServer, token: string) =>
    fetch(`${server.url}/api/auth/list-sessions`, { headers: { authorization: `Bearer ${token}` } });

  it('are refused by default, where the signed set-auth-token value is taken: a copy of the database replays no session', async () => {
    const server = await startProduct({});
    const { signed, bare } = await tokensFrom(server);
    expect(signed.startsWith(`${bare}.`)).toBe(true);
    expect((await listSessions(server, signed)).status).toBe(200);
    const refused = await listSessions(server, bare);
    expect(refused.status).toBe(401);
  });

  it("are taken with BEARER=on, as Better Auth's bearer plugin takes them", async () => {
    const server = await startProduct({ BEARER: 'on' });
    const { signed, bare } = await tokensFrom(server);
    expect((await listSessions(server, signed)).status).toBe(200);
    expect((await listSessions(server, bare)).status).toBe(200);
  });
});

describe('BEARER=off', () => {
  const startProduct = productServers('client-bearer-off');

  it('hands out no token and ignores the Authorization header', async () => {
    const off = await startProduct({ BEARER: 'off' });
    const response = await fetch(`${off.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: off.url },
      body: JSON.stringify({ email: freshEmail(), password: PASSWORD, name: 'Off' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-auth-token')).toBeNull();
    const { token } = (await response.json()) as { token: string };
    const list = await fetch(`${off.url}/api/auth/list-sessions`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(401);
  });
});
