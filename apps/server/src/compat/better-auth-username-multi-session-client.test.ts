/**
 * Better Auth 1.7's official `usernameClient` and `multiSessionClient` against a running Gatehouse
 * with USERNAME=on and MULTI_SESSION=on (docs/protocol/passwordless.md#3-usernames,
 * docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession): every route through the
 * client's own methods, its refusals as the client reports them, and a username sign-in with
 * two-factor on.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { createAuthClient } from 'better-auth/client';
import { multiSessionClient, twoFactorClient, usernameClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const PASSWORD = 'correct horse battery staple';

let server: RunningServer;
let baseURL: string;
let dataDir: string;
let counter = 0;
const fresh = (tag: string) => `${tag}_${++counter}_${Date.now() % 100_000}`;

/** One "browser": the official client with the three plugins and a cookie jar. */
function browser() {
  const jar = browserFetch(baseURL);
  const redirects: unknown[] = [];
  const client = createAuthClient({
    baseURL,
    plugins: [
      usernameClient(),
      multiSessionClient(),
      twoFactorClient({ onTwoFactorRedirect: async (context) => void redirects.push(context) }),
    ],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  return { client, redirects, cookies: jar.cookies };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-username-client-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'better-auth-username-client-compat-secret-0123',
      RATE_LIMIT: 'off',
      USERNAME: 'on',
      MULTI_SESSION: 'on',
    }),
    () => {},
  );
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official usernameClient against a running Gatehouse server', () => {
  it('signs up with a username, checks availability, signs in by username and changes it', async () => {
    const name = fresh('Ada');
    const email = `${name.toLowerCase()}@example.com`;
    const first = browser();
    expect((await first.client.isUsernameAvailable({ username: name })).data).toEqual({ available: true });
    const signUp = await first.client.signUp.email({
      email,
      password: PASSWORD,
      name: 'Ada',
      username: name,
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data?.user).toMatchObject({ username: name.toLowerCase(), displayUsername: name });
    expect((await first.client.isUsernameAvailable({ username: name.toUpperCase() })).data).toEqual({
      available: false,
    });

    const second = browser();
    const signIn = await second.client.signIn.username({ username: name.toUpperCase(), password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data).toMatchObject({ redirect: false, token: expect.any(String), user: { email } });
    const session = await second.client.getSession();
    expect(session.data?.user).toMatchObject({ username: name.toLowerCase() });

    const renamed = fresh('Lovelace');
    expect((await second.client.updateUser({ username: renamed })).error).toBeNull();
    const after = await second.client.getSession({ query: { disableCookieCache: true } });
    expect(after.data?.user).toMatchObject({ username: renamed.toLowerCase(), displayUsername: renamed });
  });

  it('reports every refusal with its status, code and message', async () => {
    const taken = fresh('Taken');
    const owner = browser();
    await owner.client.signUp.email({
      email: `${taken.toLowerCase()}@example.com`,
      password: PASSWORD,
      name: 'T',
      username: taken,
    });
    const other = browser();

    const wrong = await other.client.signIn.username({ username: taken, password: 'wrong password' });
    expect(wrong.error).toMatchObject({
      status: 401,
      code: 'INVALID_USERNAME_OR_PASSWORD',
      message: 'Invalid username or password',
    });
    const unknown = await other.client.signIn.username({ username: fresh('nobody'), password: PASSWORD });
    expect(unknown.error).toMatchObject({ status: 401, code: 'INVALID_USERNAME_OR_PASSWORD' });
    const short = await other.client.signIn.username({ username: 'ab', password: PASSWORD });
    expect(short.error).toMatchObject({
      status: 422,
      code: 'USERNAME_TOO_SHORT',
      message: 'Username is too short',
    });
    const empty = await other.client.isUsernameAvailable({ username: '' });
    expect(empty.error).toMatchObject({
      status: 422,
      code: 'INVALID_USERNAME',
      message: 'Username is invalid',
    });

    const clash = await other.client.signUp.email({
      email: `${fresh('clash')}@example.com`,
      password: PASSWORD,
      name: 'C',
      username: taken.toUpperCase(),
    });
    expect(clash.error).toMatchObject({
      status: 400,
      code: 'USERNAME_IS_ALREADY_TAKEN',
      message: 'Username is already taken. Please try another.',
    });
    const reserved = await other.client.signUp.email({
      email: `${fresh('reserved')}@example.com`,
      password: PASSWORD,
      name: 'R',
      username: 'admin',
    });
    expect(reserved.error).toMatchObject({ status: 400, code: 'USERNAME_IS_RESERVED' });
    const invalid = await other.client.signUp.email({
      email: `${fresh('invalid')}@example.com`,
      password: PASSWORD,
      name: 'I',
      username: 'not valid!',
    });
    expect(invalid.error).toMatchObject({
      status: 400,
      code: 'INVALID_USERNAME',
      message: 'Username is invalid',
    });
  });

  it('a username sign-in with two-factor on gets the challenge, then the session after the code', async () => {
    const name = fresh('Second');
    const first = browser();
    await first.client.signUp.email({
      email: `${name.toLowerCase()}@example.com`,
      password: PASSWORD,
      name,
      username: name,
    });
    const enable = await first.client.twoFactor.enable({ password: PASSWORD });
    const totpURI = enable.data && 'totpURI' in enable.data ? enable.data.totpURI : '';
    const key = base32.decode(new URL(totpURI).searchParams.get('secret') ?? '');
    const code = (offset: number) => createOTP(key).hotp(Math.floor(Date.now() / 30_000) + offset);
    expect((await first.client.twoFactor.verifyTotp({ code: await code(0) })).error).toBeNull();

    const second = browser();
    const signIn = await second.client.signIn.username({ username: name, password: PASSWORD });
    expect(signIn.error).toBeNull();
    // Codes by email too: the dev outbox is a mailer.
    expect(signIn.data).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(second.redirects).toHaveLength(1);
    expect((await second.client.getSession()).data).toBeNull();
    expect((await second.client.twoFactor.verifyTotp({ code: await code(1) })).error).toBeNull();
    expect((await second.client.getSession()).data?.user).toMatchObject({ username: name.toLowerCase() });
  });
});

describe('Better Auth 1.7 official multiSessionClient against a running Gatehouse server', () => {
  it('lists, switches, revokes one and signs everyone out', async () => {
    const one = browser();
    expect((await one.client.multiSession.listDeviceSessions()).data).toEqual([]);
    const people: { id: string; token: string }[] = [];
    for (const tag of ['first', 'second', 'third']) {
      const name = fresh(tag);
      const signUp = await one.client.signUp.email({
        email: `${name}@example.com`,
        password: PASSWORD,
        name,
      });
      expect(signUp.error).toBeNull();
      people.push({ id: signUp.data?.user.id ?? '', token: signUp.data?.token ?? '' });
    }
    const [first, second, third] = people;
    if (!first || !second || !third) throw new Error('three people');

    const listed = await one.client.multiSession.listDeviceSessions();
    expect(listed.error).toBeNull();
    expect(listed.data?.map((entry) => entry.user.id).sort()).toEqual(people.map((p) => p.id).sort());

    const switched = await one.client.multiSession.setActive({ sessionToken: first.token });
    expect(switched.error).toBeNull();
    expect((await one.client.getSession()).data?.user.id).toBe(first.id);

    const stranger = browser();
    const refused = await stranger.client.multiSession.setActive({ sessionToken: first.token });
    expect(refused.error).toMatchObject({
      status: 401,
      code: 'INVALID_SESSION_TOKEN',
      message: 'Invalid session token',
    });

    const revoked = await one.client.multiSession.revoke({ sessionToken: second.token });
    expect(revoked.data).toEqual({ status: true });
    const left = await one.client.multiSession.listDeviceSessions();
    expect(left.data?.map((entry) => entry.user.id).sort()).toEqual([first.id, third.id].sort());
    const again = await one.client.multiSession.revoke({ sessionToken: second.token });
    expect(again.error).toMatchObject({ status: 401, code: 'INVALID_SESSION_TOKEN' });

    expect((await one.client.signOut()).error).toBeNull();
    expect((await one.client.multiSession.listDeviceSessions()).data).toEqual([]);
    expect((await one.client.getSession()).data).toBeNull();
    expect([...one.cookies.keys()].filter((name) => name.includes('_multi-'))).toEqual([]);
  });
});
