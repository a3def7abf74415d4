import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, ensureAdmin, migrateDatabase } from '@gatehouse/core';
import { present } from '@gatehouse/core/testing';
import { createAuthClient } from 'better-auth/client';
import { adminClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const SESSION_COOKIE = 'better-auth.session_token';
const ADMIN_SESSION_COOKIE = 'better-auth.admin_session';
const PASSWORD = 'correct horse battery staple';
const ADMIN_EMAIL = 'root-admin@example.com';
const ADMIN_PASSWORD = 'the admin passphrase 42';
const BANNED_MESSAGE =
  'You have been banned from this application. Please contact support if you believe this is an error.';

let server: RunningServer;
let baseURL: string;
let dataDir: string;
let adminId: string;
let emailCounter = 0;
const freshEmail = (tag = 'admin-client') => `${tag}-${++emailCounter}-${Date.now()}@example.com`;

/** One "browser": the official client with the admin plugin, a cookie jar, and the app's Origin. */
function browser() {
  const jar = browserFetch(baseURL);
  const cookies = jar.cookies;
  const client = createAuthClient({
    baseURL,
    plugins: [adminClient()],
    fetchOptions: {
      customFetchImpl: jar.fetch,
    },
  });
  return { client, cookies };
}

type Browser = ReturnType<typeof browser>;

/** A browser signed in with email and password; fails the test if the sign-in fails. */
async function signedIn(email: string, password: string) {
  const b = browser();
  const { data, error } = await b.client.signIn.email({ email, password });
  expect(error).toBeNull();
  return { ...b, userId: present(data).user.id, token: present(data).token };
}

/** A browser with a freshly signed-up ordinary user in it. */
async function signedUp(name: string, email = freshEmail()) {
  const b = browser();
  const { data, error } = await b.client.signUp.email({ email, password: PASSWORD, name });
  expect(error).toBeNull();
  return { ...b, email, userId: present(data).user.id, token: present(present(data).token) };
}

/** A failed call as the client surfaced it: no data, and the error's status, code and message. */
function failure(result: {
  data: unknown;
  error: { status: number; code?: string; message?: string } | null;
}) {
  expect(result.data).toBeNull();
  return { status: result.error?.status, code: result.error?.code, message: result.error?.message };
}

/** The session the server holds for this browser, read past the cookie cache. */
async function liveSession(b: Browser) {
  const { data, error } = await b.client.getSession({ query: { disableCookieCache: true } });
  expect(error).toBeNull();
  return data;
}

let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-admin-client-'));
  const databaseURL = join(dataDir, 'gatehouse.sqlite');
  const database = connectDatabase(databaseURL);
  try {
    await migrateDatabase(database);
    const made = await ensureAdmin(database, { email: ADMIN_EMAIL, name: 'Root', password: ADMIN_PASSWORD });
    expect(made.created).toBe(true);
    adminId = made.userId;
  } finally {
    await database.close();
  }

  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseURL,
      AUTH_SECRET: 'better-auth-admin-client-compat-secret-0123456789',
      RATE_LIMIT: 'off',
    }),
    () => {},
  );
  admin = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official admin client against a running Gatehouse server', () => {
  it('the admin made by ensureAdmin signs in and getSession shows the admin role', async () => {
    expect(admin.userId).toBe(adminId);
    const session = await admin.client.getSession();
    expect(session.error).toBeNull();
    expect(session.data?.user.email).toBe(ADMIN_EMAIL);
    expect(session.data?.user.name).toBe('Root');
    expect(session.data?.user.emailVerified).toBe(true);
    expect(session.data?.user.role).toBe('admin');
    expect(session.data?.user.banned).toBe(false);
    expect(session.data?.session.impersonatedBy).toBeNull();
  });

  it('createUser with a password returns { user } with the admin fields, and that user can sign in', async () => {
    const email = freshEmail('created');
    const { data, error } = await admin.client.admin.createUser({
      email: email.toUpperCase(),
      password: PASSWORD,
      name: 'Created Carl',
    });
    expect(error).toBeNull();
    const user = present(data).user;
    expect(user.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(user.email).toBe(email);
    expect(user.name).toBe('Created Carl');
    expect(user.emailVerified).toBe(false);
    expect(user.role).toBe('user');
    expect(user.banned).toBe(false);
    expect(user.banReason ?? null).toBeNull();
    expect(user.createdAt).toBeInstanceOf(Date);
    // No session for the new user and none replacing the admin's.
    expect((await admin.client.getSession()).data?.user.id).toBe(adminId);

    const carl = browser();
    const signIn = await carl.client.signIn.email({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data?.user.id).toBe(user.id);
    expect(carl.cookies.has(SESSION_COOKIE)).toBe(true);
    expect((await carl.client.getSession()).data?.user.email).toBe(email);
  });

  it('createUser with an existing email gives 400 USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', async () => {
    const existing = await signedUp('Existing Erin');
    const result = await admin.client.admin.createUser({
      email: existing.email,
      password: PASSWORD,
      name: 'Duplicate',
    });
    expect(failure(result)).toEqual({
      status: 400,
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'User already exists. Use another email.',
    });
  });

  it('listUsers searches, pages and counts, in the shape the client expects', async () => {
    const tag = `lst${Date.now()}`;
    const emails = ['a', 'b', 'c'].map((letter) => `${tag}-${letter}@example.com`);
    for (const [i, email] of emails.entries()) {
      const made = await admin.client.admin.createUser({ email, password: PASSWORD, name: `Lister ${i}` });
      expect(made.error).toBeNull();
    }

    const all = await admin.client.admin.listUsers({ query: { searchValue: tag } });
    expect(all.error).toBeNull();
    expect(all.data?.total).toBe(3);
    expect(all.data?.users.map((u) => u.email).sort()).toEqual(emails);
    expect(all.data?.users.every((u) => u.role === 'user' && u.banned === false)).toBe(true);
    expect(all.data?.users[0]?.createdAt).toBeInstanceOf(Date);
    // Neither limit nor offset was supplied, so neither is echoed.
    expect(all.data).not.toHaveProperty('limit');
    expect(all.data).not.toHaveProperty('offset');

    const page = await admin.client.admin.listUsers({
      query: { searchValue: tag, limit: 2, offset: 1, sortBy: 'email', sortDirection: 'asc' },
    });
    expect(page.error).toBeNull();
    expect(page.data?.users.map((u) => u.email)).toEqual([emails[1], emails[2]]);
    expect(page.data).toEqual({ users: expect.any(Array), total: 3, limit: 2, offset: 1 });

    const firstPage = await admin.client.admin.listUsers({
      query: { searchValue: tag, limit: 1, offset: 0, sortBy: 'email', sortDirection: 'desc' },
    });
    expect(firstPage.data?.users.map((u) => u.email)).toEqual([emails[2]]);
    expect(firstPage.data).toEqual({ users: expect.any(Array), total: 3, limit: 1 });
    expect(firstPage.data).not.toHaveProperty('offset');

    const byName = await admin.client.admin.listUsers({
      query: {
        searchValue: 'lister 1',
        searchField: 'name',
        searchOperator: 'starts_with',
        filterField: 'email',
        filterValue: emails[1],
      },
    });
    expect(byName.error).toBeNull();
    expect(byName.data?.users.map((u) => u.email)).toEqual([emails[1]]);
    expect(byName.data?.total).toBe(1);

    const endsWith = await admin.client.admin.listUsers({
      query: { searchValue: `${tag}-c@example.com`, searchOperator: 'ends_with' },
    });
    expect(endsWith.data?.users.map((u) => u.email)).toEqual([emails[2]]);

    const none = await admin.client.admin.listUsers({ query: { searchValue: `${tag}-nobody` } });
    expect(none.error).toBeNull();
    expect(none.data).toEqual({ users: [], total: 0 });
  });

  it('getUser returns the bare user; an unknown id gives 404 USER_NOT_FOUND', async () => {
    const dora = await signedUp('Dora');
    const { data, error } = await admin.client.admin.getUser({ query: { id: dora.userId } });
    expect(error).toBeNull();
    expect(data?.id).toBe(dora.userId);
    expect(data?.email).toBe(dora.email);
    expect(data?.name).toBe('Dora');
    expect(data?.role).toBe('user');
    expect(data?.banned).toBe(false);
    expect(data).not.toHaveProperty('user');

    const missing = await admin.client.admin.getUser({ query: { id: 'no-such-user-id' } });
    expect(failure(missing)).toEqual({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });
  });

  it('updateUser changes the name and returns the bare user', async () => {
    const ed = await signedUp('Ed');
    const { data, error } = await admin.client.admin.updateUser({
      userId: ed.userId,
      data: { name: 'Edward' },
    });
    expect(error).toBeNull();
    expect(data?.id).toBe(ed.userId);
    expect(data?.name).toBe('Edward');
    expect(data?.email).toBe(ed.email);

    expect((await admin.client.admin.getUser({ query: { id: ed.userId } })).data?.name).toBe('Edward');
    expect((await liveSession(ed))?.user.name).toBe('Edward');

    const empty = await admin.client.admin.updateUser({ userId: ed.userId, data: {} });
    expect(failure(empty)).toEqual({ status: 400, code: 'NO_DATA_TO_UPDATE', message: 'No data to update' });

    const withPassword = await admin.client.admin.updateUser({
      userId: ed.userId,
      data: { password: 'sneaky new password' },
    });
    expect(failure(withPassword)).toEqual({
      status: 400,
      code: 'PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER',
      message: 'Password cannot be updated through update-user. Use the set-user-password endpoint instead',
    });

    const takenEmail = await admin.client.admin.updateUser({
      userId: ed.userId,
      data: { email: ADMIN_EMAIL },
    });
    expect(failure(takenEmail)).toEqual({
      status: 400,
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'User already exists. Use another email.',
    });
    expect((await admin.client.admin.getUser({ query: { id: ed.userId } })).data?.email).toBe(ed.email);
  });

  it('setRole grants and takes away admin rights, checked on the live role', async () => {
    const fay = await signedUp('Fay');
    const listAsFay = () => fay.client.admin.listUsers({ query: { limit: 1 } });
    expect((await listAsFay()).error?.status).toBe(403);

    const promoted = await admin.client.admin.setRole({ userId: fay.userId, role: ['user', 'admin'] });
    expect(promoted.error).toBeNull();
    expect(promoted.data?.user.id).toBe(fay.userId);
    expect(promoted.data?.user.role).toBe('user,admin');
    const asAdmin = await listAsFay();
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data?.users).toHaveLength(1);
    expect((await fay.client.admin.hasPermission({ permissions: { user: ['list'] } })).data?.success).toBe(
      true,
    );

    const demoted = await admin.client.admin.setRole({ userId: fay.userId, role: 'user' });
    expect(demoted.error).toBeNull();
    expect(demoted.data?.user.role).toBe('user');
    expect((await admin.client.admin.getUser({ query: { id: fay.userId } })).data?.role).toBe('user');
    expect(failure(await listAsFay())).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
      message: 'You are not allowed to list users',
    });
  });

  it('setUserPassword replaces the password without ending existing sessions', async () => {
    const gus = await signedUp('Gus');
    const newPassword = 'a password the admin chose';
    const { data, error } = await admin.client.admin.setUserPassword({ userId: gus.userId, newPassword });
    expect(error).toBeNull();
    expect(data).toEqual({ status: true });

    const old = await browser().client.signIn.email({ email: gus.email, password: PASSWORD });
    expect(failure(old)).toEqual({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
    const fresh = await signedIn(gus.email, newPassword);
    expect(fresh.userId).toBe(gus.userId);
    expect((await liveSession(gus))?.session.token).toBe(gus.token);

    const tooShort = await admin.client.admin.setUserPassword({ userId: gus.userId, newPassword: 'short' });
    expect(failure(tooShort)).toEqual({
      status: 400,
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password too short',
    });
  });

  it('banUser ends the user’s sessions and refuses sign-in with 403 BANNED_USER; unbanUser lets them back', async () => {
    const hal = await signedUp('Hal');
    const halPhone = await signedIn(hal.email, PASSWORD);

    const banned = await admin.client.admin.banUser({ userId: hal.userId, banReason: 'spamming' });
    expect(banned.error).toBeNull();
    expect(banned.data?.user.id).toBe(hal.userId);
    expect(banned.data?.user.banned).toBe(true);
    expect(banned.data?.user.banReason).toBe('spamming');
    expect(banned.data?.user.banExpires ?? null).toBeNull();

    const halSession = await hal.client.getSession();
    expect(halSession.error).toBeNull();
    expect(halSession.data).toBeNull();
    expect((await halPhone.client.getSession()).data).toBeNull();
    const sessions = await admin.client.admin.listUserSessions({ userId: hal.userId });
    expect(sessions.data?.sessions).toEqual([]);

    const refused = await browser().client.signIn.email({ email: hal.email, password: PASSWORD });
    expect(failure(refused)).toEqual({ status: 403, code: 'BANNED_USER', message: BANNED_MESSAGE });
    const wrongPassword = await browser().client.signIn.email({
      email: hal.email,
      password: 'nope nope nope',
    });
    expect(wrongPassword.error?.status).toBe(401);
    expect(wrongPassword.error?.code).toBe('INVALID_EMAIL_OR_PASSWORD');

    const listed = await admin.client.admin.getUser({ query: { id: hal.userId } });
    expect(listed.data?.banned).toBe(true);
    expect(listed.data?.banReason).toBe('spamming');

    const self = await admin.client.admin.banUser({ userId: adminId });
    expect(failure(self)).toEqual({
      status: 400,
      code: 'YOU_CANNOT_BAN_YOURSELF',
      message: 'You cannot ban yourself',
    });

    const unbanned = await admin.client.admin.unbanUser({ userId: hal.userId });
    expect(unbanned.error).toBeNull();
    expect(unbanned.data?.user.banned).toBe(false);
    expect(unbanned.data?.user.banReason).toBeNull();
    expect(unbanned.data?.user.banExpires).toBeNull();
    const back = await signedIn(hal.email, PASSWORD);
    expect(back.userId).toBe(hal.userId);
    expect((await back.client.getSession()).data?.user.banned).toBe(false);
  });

  it('banUser with banExpiresIn sets banExpires that many seconds ahead', async () => {
    const ivy = await signedUp('Ivy');
    const before = Date.now();
    const { data, error } = await admin.client.admin.banUser({ userId: ivy.userId, banExpiresIn: 3600 });
    expect(error).toBeNull();
    expect(data?.user.banned).toBe(true);
    expect(data?.user.banReason).toBe('No reason');
    const expires = new Date(present(present(data).user.banExpires)).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 3_599_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_601_000);
  });

  it('listUserSessions lists a user’s sessions; revokeUserSession ends one, revokeUserSessions all', async () => {
    const jo = await signedUp('Jo');
    const joPhone = await signedIn(jo.email, PASSWORD);
    const joTablet = await signedIn(jo.email, PASSWORD);

    const listed = await admin.client.admin.listUserSessions({ userId: jo.userId });
    expect(listed.error).toBeNull();
    const sessions = present(listed.data).sessions;
    expect(sessions.map((s) => s.token).sort()).toEqual([jo.token, joPhone.token, joTablet.token].sort());
    expect(sessions.every((s) => s.userId === jo.userId)).toBe(true);
    expect(sessions.every((s) => s.impersonatedBy === null)).toBe(true);
    expect(sessions[0]?.expiresAt).toBeInstanceOf(Date);

    const revoked = await admin.client.admin.revokeUserSession({ sessionToken: joPhone.token });
    expect(revoked.error).toBeNull();
    expect(revoked.data).toEqual({ success: true });
    expect((await joPhone.client.getSession()).data).toBeNull();
    expect((await jo.client.getSession()).data?.session.token).toBe(jo.token);
    const afterOne = await admin.client.admin.listUserSessions({ userId: jo.userId });
    expect(afterOne.data?.sessions.map((s) => s.token).sort()).toEqual([jo.token, joTablet.token].sort());

    const revokedAll = await admin.client.admin.revokeUserSessions({ userId: jo.userId });
    expect(revokedAll.error).toBeNull();
    expect(revokedAll.data).toEqual({ success: true });
    expect((await jo.client.getSession()).data).toBeNull();
    expect((await joTablet.client.getSession()).data).toBeNull();
    expect((await admin.client.admin.listUserSessions({ userId: jo.userId })).data).toEqual({ sessions: [] });
    // The admin's own session is untouched, and Jo can sign in again.
    expect((await admin.client.getSession()).data?.user.id).toBe(adminId);
    expect((await signedIn(jo.email, PASSWORD)).userId).toBe(jo.userId);
  });

  it('impersonateUser makes the admin’s client the target; stopImpersonating returns to the admin', async () => {
    const kim = await signedUp('Kim');
    const operator = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);

    const started = await operator.client.admin.impersonateUser({ userId: kim.userId });
    expect(started.error).toBeNull();
    expect(started.data?.user.id).toBe(kim.userId);
    // The client types this session without the admin columns; the wire carries them.
    expect(started.data?.session).toMatchObject({ userId: kim.userId, impersonatedBy: adminId });
    const impersonationToken = present(started.data).session.token;
    expect(impersonationToken).not.toBe(operator.token);
    expect(operator.cookies.has(ADMIN_SESSION_COOKIE)).toBe(true);

    const during = await operator.client.getSession();
    expect(during.error).toBeNull();
    expect(during.data?.user.id).toBe(kim.userId);
    expect(during.data?.user.email).toBe(kim.email);
    expect(during.data?.session.token).toBe(impersonationToken);
    expect(during.data?.session.impersonatedBy).toBe(adminId);
    // Acting as Kim, who is no admin.
    expect((await operator.client.admin.listUsers({ query: {} })).error?.code).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
    );

    // The impersonation session shows to admins, and not in Kim's own list.
    const kimSessions = await admin.client.admin.listUserSessions({ userId: kim.userId });
    const impersonation = kimSessions.data?.sessions.find((s) => s.token === impersonationToken);
    expect(impersonation?.impersonatedBy).toBe(adminId);
    expect((await kim.client.listSessions()).data?.map((s) => s.token)).toEqual([kim.token]);

    const stopped = await operator.client.admin.stopImpersonating();
    expect(stopped.error).toBeNull();
    expect(stopped.data?.user.id).toBe(adminId);
    expect(stopped.data?.session.token).toBe(operator.token);
    expect(operator.cookies.has(ADMIN_SESSION_COOKIE)).toBe(false);

    const after = await operator.client.getSession();
    expect(after.data?.user.id).toBe(adminId);
    expect(after.data?.session.token).toBe(operator.token);
    expect(after.data?.session.impersonatedBy).toBeNull();
    const kimAfter = await admin.client.admin.listUserSessions({ userId: kim.userId });
    expect(kimAfter.data?.sessions.map((s) => s.token)).toEqual([kim.token]);

    // Better Auth sends this one without a code; Gatehouse gives every error its code (the client
    // shows the message either way).
    const notImpersonating = await operator.client.admin.stopImpersonating();
    expect(failure(notImpersonating)).toEqual({
      status: 400,
      code: 'NOT_IMPERSONATING',
      message: 'You are not impersonating anyone',
    });
  });

  it('impersonateUser refuses an admin target, the caller included, with 403 YOU_CANNOT_IMPERSONATE_ADMINS', async () => {
    const result = await admin.client.admin.impersonateUser({ userId: adminId });
    expect(failure(result)).toEqual({
      status: 403,
      code: 'YOU_CANNOT_IMPERSONATE_ADMINS',
      message: 'You cannot impersonate admins',
    });
    expect((await admin.client.getSession()).data?.user.id).toBe(adminId);
  });

  it('removeUser deletes the user and their sessions', async () => {
    const lou = await signedUp('Lou');
    const { data, error } = await admin.client.admin.removeUser({ userId: lou.userId });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true });

    expect((await lou.client.getSession()).data).toBeNull();
    const gone = await admin.client.admin.getUser({ query: { id: lou.userId } });
    expect(failure(gone)).toEqual({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });
    const signIn = await browser().client.signIn.email({ email: lou.email, password: PASSWORD });
    expect(signIn.error?.status).toBe(401);
    const search = await admin.client.admin.listUsers({ query: { searchValue: lou.email } });
    expect(search.data).toEqual({ users: [], total: 0 });

    const again = await admin.client.admin.removeUser({ userId: lou.userId });
    expect(failure(again)).toEqual({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });
    const self = await admin.client.admin.removeUser({ userId: adminId });
    expect(failure(self)).toEqual({
      status: 400,
      code: 'YOU_CANNOT_REMOVE_YOURSELF',
      message: 'You cannot remove yourself',
    });
  });

  it('hasPermission answers for the signed-in user: true for an admin, false for a normal user', async () => {
    const adminCheck = await admin.client.admin.hasPermission({ permissions: { user: ['list'] } });
    expect(adminCheck.error).toBeNull();
    expect(adminCheck.data).toEqual({ error: null, success: true });
    const adminMulti = await admin.client.admin.hasPermission({
      permissions: { user: ['ban', 'set-password'], session: ['revoke'] },
    });
    expect(adminMulti.data).toEqual({ error: null, success: true });
    const adminsAdmins = await admin.client.admin.hasPermission({
      permissions: { user: ['impersonate-admins'] },
    });
    expect(adminsAdmins.data).toEqual({ error: null, success: false });

    const mo = await signedUp('Mo');
    const moCheck = await mo.client.admin.hasPermission({ permissions: { user: ['list'] } });
    expect(moCheck.error).toBeNull();
    expect(moCheck.data).toEqual({ error: null, success: false });
    // A userId in the body does not let an HTTP caller borrow someone else's rights.
    const borrowed = await mo.client.admin.hasPermission({
      userId: adminId,
      permissions: { user: ['list'] },
    });
    expect(borrowed.data).toEqual({ error: null, success: false });
  });

  it('a normal user calling admin.listUsers gets 403 YOU_ARE_NOT_ALLOWED_TO_LIST_USERS', async () => {
    const ned = await signedUp('Ned');
    const result = await ned.client.admin.listUsers({ query: { searchValue: 'example.com' } });
    expect(failure(result)).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS',
      message: 'You are not allowed to list users',
    });
    const create = await ned.client.admin.createUser({
      email: freshEmail('by-ned'),
      password: PASSWORD,
      name: 'Nope',
    });
    expect(failure(create)).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
      message: 'You are not allowed to create users',
    });
  });
});
