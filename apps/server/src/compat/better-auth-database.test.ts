import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/** Stock Better Auth on an SQLite file, driven in-process through its fetch handler. */
async function betterAuthOn(file: string, baseURL: string) {
  const database = new Database(file);
  const options = {
    database,
    secret: SECRET,
    baseURL,
    emailAndPassword: { enabled: true },
    telemetry: { enabled: false },
  };
  await (await getMigrations(options)).runMigrations();
  const auth = betterAuth(options);
  const post = (path: string, body: unknown) =>
    auth.handler(
      new Request(`${baseURL}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL },
        body: JSON.stringify(body),
      }),
    );
  return { post, close: () => database.close() };
}

const cookieHeader = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('serving an existing Better Auth database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-ba-db-'));
  const file = join(dir, 'auth.sqlite');
  let baseURL: string;
  let server: RunningServer;
  let betterAuthCookie: string;

  beforeAll(async () => {
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    const peer = await betterAuthOn(file, baseURL);
    const signUp = await peer.post('/sign-up/email', {
      name: 'Moving',
      email: 'moving@example.com',
      password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    betterAuthCookie = cookieHeader(signUp);
    peer.close();
    const config = loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dir,
      DATABASE_URL: file,
      AUTH_SECRET: SECRET,
    });
    server = await startCheckedServer(config, () => {});
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps users signed in: a session cookie issued by Better Auth works on Gatehouse', async () => {
    const response = await fetch(`${baseURL}/api/auth/get-session`, {
      headers: { cookie: betterAuthCookie },
    });
    const body = (await response.json()) as { user: unknown };
    expect(body.user).toMatchObject({ email: 'moving@example.com', name: 'Moving', emailVerified: false });
  });

  it('signs in a user whose password Better Auth hashed', async () => {
    const response = await fetch(`${baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ email: 'moving@example.com', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
  });

  it('leaves data Better Auth can still read: a Gatehouse sign-up signs in on Better Auth', async () => {
    const signUp = await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL },
      body: JSON.stringify({ name: 'Back', email: 'back@example.com', password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    const peer = await betterAuthOn(file, baseURL);
    const signIn = await peer.post('/sign-in/email', { email: 'back@example.com', password: PASSWORD });
    const body = (await signIn.json()) as { user: unknown };
    peer.close();
    expect(signIn.status).toBe(200);
    expect(body.user).toMatchObject({ email: 'back@example.com', name: 'Back' });
  });
});
