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

const SESSION_COOKIE = 'better-auth.session_token';
const PASSWORD = 'correct horse battery staple';

/** One "browser": the official client plus a cookie jar, sending the app's Origin like a browser would. */
function browser(baseURL: string, origin: string | null = baseURL) {
  const jar = browserFetch(origin);
  const cookies = jar.cookies;
  const client = createAuthClient({
    baseURL,
    fetchOptions: {
      customFetchImpl: jar.fetch,
    },
  });
  /** The session token carried by the signed cookie (`{token}.{signature}`, percent-encoded). */
  const cookieToken = () => {
    const raw = cookies.get(SESSION_COOKIE);
    if (raw === undefined) return undefined;
    const decoded = decodeURIComponent(raw);
    return decoded.slice(0, decoded.lastIndexOf('.'));
  };
  return { client, cookies, cookieToken };
}

let server: RunningServer;
let baseURL: string;
let dataDir: string;
let emailCounter = 0;
const freshEmail = () => `client-user-${++emailCounter}-${Date.now()}@example.com`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-client-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  // Many sign-ins from one address in a few seconds: the rate limiter would rightly refuse them.
  const config = loadConfig({
    PORT: String(port),
    BASE_URL: baseURL,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'better-auth-client-compat-secret-0123456789',
    RATE_LIMIT: 'off',
  });
  server = await startCheckedServer(config, () => {});
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official client against a running Gatehouse server', () => {
  it('the server listens on the chosen port', () => {
    expect(server.url).toBe(baseURL);
  });

  it('signUp.email returns the user and sets the session cookie; getSession returns that user', async () => {
    const alice = browser(baseURL);
    const email = freshEmail();
    const { data, error } = await alice.client.signUp.email({ email, password: PASSWORD, name: 'Alice' });
    expect(error).toBeNull();
    expect(data?.user.email).toBe(email);
    expect(data?.user.name).toBe('Alice');
    expect(data?.user.emailVerified).toBe(false);
    expect(data?.user.createdAt).toBeInstanceOf(Date);
    expect(data?.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(alice.cookieToken()).toBe(data?.token);

    const session = await alice.client.getSession();
    expect(session.error).toBeNull();
    expect(session.data?.user.id).toBe(data?.user.id);
    expect(session.data?.user.email).toBe(email);
    expect(session.data?.session.token).toBe(data?.token);
    expect(session.data?.session.userId).toBe(data?.user.id);
    expect(session.data?.session.expiresAt).toBeInstanceOf(Date);
  });

  it('signOut clears the session cookie and getSession then returns null', async () => {
    const bob = browser(baseURL);
    await bob.client.signUp.email({ email: freshEmail(), password: PASSWORD, name: 'Bob' });
    expect(bob.cookies.has(SESSION_COOKIE)).toBe(true);

    const { data, error } = await bob.client.signOut();
    expect(error).toBeNull();
    expect(data).toEqual({ success: true });
    expect(bob.cookies.has(SESSION_COOKIE)).toBe(false);

    const session = await bob.client.getSession();
    expect(session.error).toBeNull();
    expect(session.data).toBeNull();
  });

  it('signIn.email returns a new session token that getSession reports', async () => {
    const email = freshEmail();
    const signedUp = await browser(baseURL).client.signUp.email({ email, password: PASSWORD, name: 'Carol' });
    const carol = browser(baseURL);
    const { data, error } = await carol.client.signIn.email({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data?.redirect).toBe(false);
    expect(data?.user.id).toBe(signedUp.data?.user.id);
    expect(data?.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(data?.token).not.toBe(signedUp.data?.token);
    expect(carol.cookieToken()).toBe(data?.token);

    const session = await carol.client.getSession();
    expect(session.data?.session.token).toBe(data?.token);
  });

  it('listSessions shows both sessions of a user signed in from two clients; revokeSession ends the other one', async () => {
    const email = freshEmail();
    const laptop = browser(baseURL);
    const phone = browser(baseURL);
    const first = await laptop.client.signUp.email({ email, password: PASSWORD, name: 'Dana' });
    const second = await phone.client.signIn.email({ email, password: PASSWORD });
    const laptopToken = present(present(first.data).token);
    const phoneToken = present(second.data).token;

    const listed = await laptop.client.listSessions();
    expect(listed.error).toBeNull();
    expect(listed.data?.map((s) => s.token).sort()).toEqual([laptopToken, phoneToken].sort());
    expect(listed.data?.every((s) => s.userId === first.data?.user.id)).toBe(true);

    const revoked = await laptop.client.revokeSession({ token: phoneToken });
    expect(revoked.error).toBeNull();
    expect(revoked.data).toEqual({ status: true });

    const after = await laptop.client.listSessions();
    expect(after.data?.map((s) => s.token)).toEqual([laptopToken]);
    // The phone's cookie cache must not keep it signed in after the revocation.
    expect((await phone.client.getSession()).data).toBeNull();
    expect((await laptop.client.getSession()).data?.session.token).toBe(laptopToken);
  });

  it('revokeOtherSessions keeps the caller signed in and ends every other session', async () => {
    const email = freshEmail();
    const main = browser(baseURL);
    const other1 = browser(baseURL);
    const other2 = browser(baseURL);
    const mine = await main.client.signUp.email({ email, password: PASSWORD, name: 'Eve' });
    await other1.client.signIn.email({ email, password: PASSWORD });
    await other2.client.signIn.email({ email, password: PASSWORD });
    expect((await main.client.listSessions()).data).toHaveLength(3);

    const { data, error } = await main.client.revokeOtherSessions();
    expect(error).toBeNull();
    expect(data).toEqual({ status: true });

    const remaining = await main.client.listSessions();
    expect(remaining.data?.map((s) => s.token)).toEqual([mine.data?.token]);
    expect((await other1.client.getSession()).data).toBeNull();
    expect((await other2.client.getSession()).data).toBeNull();
    expect((await main.client.getSession()).data?.user.email).toBe(email);
  });

  it('revokeSessions ends every session including the caller’s, so getSession returns null everywhere', async () => {
    const email = freshEmail();
    const main = browser(baseURL);
    const other = browser(baseURL);
    await main.client.signUp.email({ email, password: PASSWORD, name: 'Frank' });
    await other.client.signIn.email({ email, password: PASSWORD });

    const { data, error } = await main.client.revokeSessions();
    expect(error).toBeNull();
    expect(data).toEqual({ status: true });
    expect(main.cookies.has(SESSION_COOKIE)).toBe(false);

    expect((await main.client.getSession()).data).toBeNull();
    expect((await other.client.getSession()).data).toBeNull();
    // The user can still sign in afterwards.
    const again = await main.client.signIn.email({ email, password: PASSWORD });
    expect(again.error).toBeNull();
    expect((await main.client.listSessions()).data).toHaveLength(1);
  });

  it('signIn.email with a wrong password returns error 401 INVALID_EMAIL_OR_PASSWORD and sets no cookie', async () => {
    const email = freshEmail();
    await browser(baseURL).client.signUp.email({ email, password: PASSWORD, name: 'Grace' });
    const intruder = browser(baseURL);
    const { data, error } = await intruder.client.signIn.email({ email, password: 'not the password' });
    expect(data).toBeNull();
    expect(error?.status).toBe(401);
    expect(error?.code).toBe('INVALID_EMAIL_OR_PASSWORD');
    expect(error?.message).toBe('Invalid email or password');
    expect(intruder.cookies.size).toBe(0);
  });

  it('signIn.email with an unknown email returns the same 401 as a wrong password', async () => {
    const { error } = await browser(baseURL).client.signIn.email({
      email: freshEmail(),
      password: PASSWORD,
    });
    expect({ status: error?.status, code: error?.code, message: error?.message }).toEqual({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('a duplicate signUp.email returns error 422 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', async () => {
    const email = freshEmail();
    const first = await browser(baseURL).client.signUp.email({ email, password: PASSWORD, name: 'Heidi' });
    expect(first.error).toBeNull();
    const { data, error } = await browser(baseURL).client.signUp.email({
      email: email.toUpperCase(),
      password: 'another password',
      name: 'Heidi again',
    });
    expect(data).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
    expect(error?.message).toBe('User already exists. Use another email.');
  });

  it('a signed-in POST without an Origin header is refused with 403 MISSING_OR_NULL_ORIGIN', async () => {
    const email = freshEmail();
    const withOrigin = browser(baseURL);
    await withOrigin.client.signUp.email({ email, password: PASSWORD, name: 'Ivan' });
    const noOrigin = browser(baseURL, null);
    for (const [name, value] of withOrigin.cookies) noOrigin.cookies.set(name, value);

    const { error } = await noOrigin.client.revokeSessions();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('MISSING_OR_NULL_ORIGIN');
    expect((await withOrigin.client.getSession()).data?.user.email).toBe(email);
  });
});
