/**
 * Adopting a Better Auth database where people already have passkeys: stock Better Auth 1.7 with
 * `@better-auth/passkey` registers a passkey (through the software authenticator), then Gatehouse
 * serves the same file. The migration keeps the row (adding `lastUsedAt`), the passkey signs in,
 * its counter moves on, and it is listed, renamed and deleted like one Gatehouse registered.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { passkey } from '@better-auth/passkey';
import { SoftwareAuthenticator } from '@gatehouse/core/testing';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const SECRET = 'shared-secret-between-better-auth-and-gatehouse';
const PASSWORD = 'correct horse battery staple';
const EMAIL = 'passkey-owner@example.com';

/** `name=value` of every cookie a response sets (expired ones left out). */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((c) => !/Max-Age=0/.test(c))
    .map((c) => c.split(';')[0] ?? '');

describe('serving a Better Auth database with passkeys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-ba-passkey-db-'));
  const file = join(dir, 'auth.sqlite');
  const authenticator = new SoftwareAuthenticator();
  let baseURL: string;
  let server: RunningServer;
  let stored: Record<string, unknown>;

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    const database = new Database(file);
    const options = {
      database,
      secret: SECRET,
      baseURL,
      emailAndPassword: { enabled: true },
      telemetry: { enabled: false },
      plugins: [passkey()],
    };
    await (await getMigrations(options)).runMigrations();
    const auth = betterAuth(options);
    const call = (method: string, path: string, cookies: string[], body?: unknown) =>
      auth.handler(
        new Request(`${baseURL}/api/auth${path}`, {
          method,
          headers: { 'content-type': 'application/json', origin: baseURL, cookie: cookies.join('; ') },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const signUp = await call('POST', '/sign-up/email', [], {
      name: 'Owner',
      email: EMAIL,
      password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    const session = cookiesOf(signUp);
    const optionsResponse = await call('GET', '/passkey/generate-register-options', session);
    expect(optionsResponse.status).toBe(200);
    const ceremony = [...session, ...cookiesOf(optionsResponse)];
    const response = await authenticator.register(await optionsResponse.json(), { origin: baseURL });
    const verified = await call('POST', '/passkey/verify-registration', ceremony, {
      response,
      name: 'From 1.7',
    });
    expect(verified.status).toBe(200);
    stored = (await verified.json()) as Record<string, unknown>;
    database.close();

    server = await startCheckedServer(
      loadConfig({
        PORT: String(port),
        BASE_URL: baseURL,
        DATA_DIR: dir,
        DATABASE_URL: file,
        AUTH_SECRET: SECRET,
        RATE_LIMIT: 'off',
      }),
      () => {},
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (method: string, path: string, cookies: string[], body?: unknown) =>
    fetch(`${baseURL}/api/auth${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: baseURL, cookie: cookies.join('; ') },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function signInWithPasskey() {
    const options = await call('GET', '/passkey/generate-authenticate-options', []);
    const ceremony = cookiesOf(options);
    const assertion = await authenticator.authenticate(await options.json(), { origin: baseURL });
    const response = await call('POST', '/passkey/verify-authentication', ceremony, { response: assertion });
    return { response, cookies: cookiesOf(response) };
  }

  it('the passkey Better Auth registered signs in; the counter and last use are stored', async () => {
    const { response, cookies } = await signInWithPasskey();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      session: { userId: stored.userId },
      user: { email: EMAIL },
    });
    const list = await call('GET', '/passkey/list-user-passkeys', cookies);
    const [row] = (await list.json()) as Record<string, unknown>[];
    expect(row).toEqual({
      ...stored,
      createdAt: new Date(String(stored.createdAt)).toISOString(),
      counter: 1,
      lastUsedAt: expect.any(String),
    });
    expect((await signInWithPasskey()).response.status).toBe(200);
  });

  it('it is renamed and deleted like any other', async () => {
    const { cookies } = await signInWithPasskey();
    const renamed = await call('POST', '/passkey/update-passkey', cookies, {
      id: stored.id,
      name: 'Renamed',
    });
    expect(await renamed.json()).toMatchObject({ passkey: { id: stored.id, name: 'Renamed' } });
    const deleted = await call('POST', '/passkey/delete-passkey', cookies, { id: stored.id });
    expect(await deleted.json()).toEqual({ status: true });
    expect((await signInWithPasskey()).response.status).toBe(401);
  });
});
