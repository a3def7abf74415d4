import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  present,
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from '@gatehouse/core/testing';
import { createAuthClient } from 'better-auth/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

const SESSION_COOKIE = 'better-auth.session_token';
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase';
const MAIL_FROM = 'Gatehouse <no-reply@gatehouse.test>';
const INVALID_PASSWORD = { status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' };
const INVALID_CREDENTIALS = {
  status: 401,
  code: 'INVALID_EMAIL_OR_PASSWORD',
  message: 'Invalid email or password',
};

let server: RunningServer;
let smtp: SmtpTestServer;
let baseURL: string;
let dataDir: string;
let emailCounter = 0;
const freshEmail = () => `account-user-${++emailCounter}-${Date.now()}@example.com`;

/** One "browser": a cookie jar behind one fetch, used by the official client and to open links. */
function browser() {
  const jar = browserFetch(baseURL);
  const cookies = jar.cookies;
  const jarFetch = jar.fetch;
  const client = createAuthClient({ baseURL, fetchOptions: { customFetchImpl: jarFetch } });
  /** Opens an emailed link the way a browser tab would, with this jar, without following redirects. */
  const open = (url: string) => jarFetch(url, { redirect: 'manual' });
  return { client, cookies, open };
}

/** A browser with a freshly signed-up user in it. */
async function signedUp(name: string) {
  const b = browser();
  const email = freshEmail();
  const { data, error } = await b.client.signUp.email({ email, password: PASSWORD, name });
  expect(error).toBeNull();
  return { ...b, email, userId: present(data).user.id, token: present(present(data).token) };
}

/** The one mail with this subject to this address, checked to come from the configured sender. */
async function mailTo(address: string, subject: string): Promise<ReceivedMail> {
  const mail = await smtp.waitFor((m) => m.to.includes(address) && m.subject === subject);
  expect(mail.from).toBe(MAIL_FROM);
  expect(mail.to).toEqual([address]);
  expect(mail.links).toHaveLength(1);
  return mail;
}

/** A failed call as the client surfaced it: no data, and the error's status, code and message. */
function failure(result: {
  data: unknown;
  error: { status: number; code?: string; message?: string } | null;
}) {
  expect(result.data).toBeNull();
  return { status: result.error?.status, code: result.error?.code, message: result.error?.message };
}

/** The `token` query parameter of the mail's only link. */
const tokenOf = (mail: ReceivedMail) => present(new URL(present(mail.links[0])).searchParams.get('token'));

/** A signed-up user whose address is verified: verification mail sent, its token given to verifyEmail. */
async function verifiedUser(name: string) {
  const user = await signedUp(name);
  await user.client.sendVerificationEmail({ email: user.email });
  const verified = await user.client.verifyEmail({
    query: { token: tokenOf(await mailTo(user.email, 'Verify your email address')) },
  });
  expect(verified.error).toBeNull();
  return user;
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-client-account-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    BASE_URL: baseURL,
    DATA_DIR: dataDir,
    AUTH_SECRET: 'better-auth-client-account-secret-0123456789',
    // Several password checks per test from one address: the limiter would rightly refuse them.
    RATE_LIMIT: 'off',
    SMTP_URL: smtp.url,
    MAIL_FROM,
  });
  server = await startCheckedServer(config, () => {});
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Better Auth 1.7 official client: account lifecycle over real SMTP', () => {
  it('sendVerificationEmail mails a link whose token verifyEmail accepts; getSession then shows emailVerified', async () => {
    const user = await signedUp('Vera');
    expect((await user.client.getSession()).data?.user.emailVerified).toBe(false);

    const sent = await user.client.sendVerificationEmail({ email: user.email });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ status: true });

    const mail = await mailTo(user.email, 'Verify your email address');
    const link = new URL(present(mail.links[0]));
    expect(`${link.origin}${link.pathname}`).toBe(`${baseURL}/api/auth/verify-email`);
    expect(link.searchParams.get('callbackURL')).toBe('/');
    expect(mail.text).toContain('Hello Vera,');

    const { data, error } = await user.client.verifyEmail({ query: { token: tokenOf(mail) } });
    expect(error).toBeNull();
    expect(data).toEqual({ status: true, user: null });

    const session = await user.client.getSession();
    expect(session.data?.user.id).toBe(user.userId);
    expect(session.data?.user.emailVerified).toBe(true);

    expect(failure(await user.client.sendVerificationEmail({ email: user.email }))).toEqual({
      status: 400,
      code: 'EMAIL_ALREADY_VERIFIED',
      message: 'Email is already verified',
    });
  });

  it('verifyEmail with a forged token answers 401 INVALID_TOKEN', async () => {
    const forged = await browser().client.verifyEmail({ query: { token: 'not.a.token' } });
    expect(failure(forged)).toEqual({ status: 401, code: 'INVALID_TOKEN', message: 'Invalid token' });
  });

  it('requestPasswordReset mails a reset link; resetPassword sets the new password once', async () => {
    const user = await signedUp('Rita');
    const stranger = browser();
    const { data, error } = await stranger.client.requestPasswordReset({
      email: user.email,
      redirectTo: '/reset',
    });
    expect(error).toBeNull();
    expect(data).toEqual({
      status: true,
      message: 'If this email exists in our system, check your email for the reset link',
    });

    const mail = await mailTo(user.email, 'Reset your password');
    const token = present(mail.links[0]).match(/\/reset-password\/([^?]+)\?/)?.[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(mail.links[0]).toBe(`${baseURL}/api/auth/reset-password/${token}?callbackURL=%2Freset`);

    // Opening the link sends the browser to the app's page with the token.
    const opened = await stranger.open(present(mail.links[0]));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${baseURL}/reset?token=${token}`);

    const reset = await stranger.client.resetPassword({ newPassword: NEW_PASSWORD, token });
    expect(reset.error).toBeNull();
    expect(reset.data).toEqual({ status: true });

    const withNew = await browser().client.signIn.email({ email: user.email, password: NEW_PASSWORD });
    expect(withNew.error).toBeNull();
    expect(withNew.data?.user.id).toBe(user.userId);

    const withOld = await browser().client.signIn.email({ email: user.email, password: PASSWORD });
    expect(failure(withOld)).toEqual(INVALID_CREDENTIALS);

    const reused = await stranger.client.resetPassword({ newPassword: 'yet another passphrase', token });
    expect(failure(reused)).toEqual({ status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' });
  });

  it('changePassword refuses a wrong current password with 400 INVALID_PASSWORD and keeps the old one', async () => {
    const user = await signedUp('Carl');
    const wrong = await user.client.changePassword({ currentPassword: 'wrong', newPassword: NEW_PASSWORD });
    expect(failure(wrong)).toEqual(INVALID_PASSWORD);
    const old = await browser().client.signIn.email({ email: user.email, password: PASSWORD });
    expect(old.error).toBeNull();
  });

  it('changePassword with the right current password changes it and keeps other sessions by default', async () => {
    const user = await signedUp('Cleo');
    const phone = browser();
    await phone.client.signIn.email({ email: user.email, password: PASSWORD });

    const { data, error } = await user.client.changePassword({
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(error).toBeNull();
    expect(data?.token).toBeNull();
    expect(data?.user.id).toBe(user.userId);
    expect(data?.user.email).toBe(user.email);

    expect((await phone.client.getSession()).data?.user.id).toBe(user.userId);
    const withNew = await browser().client.signIn.email({ email: user.email, password: NEW_PASSWORD });
    expect(withNew.error).toBeNull();
    const withOld = await browser().client.signIn.email({ email: user.email, password: PASSWORD });
    expect(failure(withOld)).toEqual(INVALID_CREDENTIALS);
  });

  it('changePassword with revokeOtherSessions signs the other browser out and gives the caller a new session', async () => {
    const user = await signedUp('Cora');
    const phone = browser();
    await phone.client.signIn.email({ email: user.email, password: PASSWORD });

    const { data, error } = await user.client.changePassword({
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      revokeOtherSessions: true,
    });
    expect(error).toBeNull();
    expect(data?.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(data?.token).not.toBe(user.token);

    expect((await phone.client.getSession()).data).toBeNull();
    const mine = await user.client.getSession();
    expect(mine.data?.session.token).toBe(data?.token);
    expect(mine.data?.user.id).toBe(user.userId);
  });

  it('updateUser changes the name that getSession reports; an email in it is refused', async () => {
    const user = await signedUp('Uma');
    const { data, error } = await user.client.updateUser({ name: 'Uma Renamed' });
    expect(error).toBeNull();
    expect(data).toEqual({ status: true });
    expect((await user.client.getSession()).data?.user.name).toBe('Uma Renamed');

    // The 1.7 client's types leave `email` out on purpose; a caller can still send it, so the server must refuse it.
    // @ts-expect-error email is not an updateUser field
    const refused = await user.client.updateUser({ email: freshEmail() });
    expect(failure(refused)).toEqual({
      status: 400,
      code: 'EMAIL_CAN_NOT_BE_UPDATED',
      message: 'Email can not be updated',
    });
    expect((await user.client.getSession()).data?.user.email).toBe(user.email);
  });

  it('changeEmail of a verified user: confirmation to the old address, then verification to the new one', async () => {
    const user = await verifiedUser('Erin');
    const newEmail = freshEmail();
    const { data, error } = await user.client.changeEmail({ newEmail });
    expect(error).toBeNull();
    expect(data).toEqual({ status: true });

    const confirmation = await mailTo(user.email, 'Confirm your new email address');
    expect(confirmation.text).toContain(newEmail);
    expect(confirmation.links[0]).toMatch(
      new RegExp(`^${baseURL}/api/auth/verify-email\\?token=[^&]+&callbackURL=%2F$`),
    );
    expect((await user.client.getSession()).data?.user.email).toBe(user.email);

    const confirmed = await user.open(present(confirmation.links[0]));
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/');

    const verification = await mailTo(newEmail, 'Verify your email address');
    expect((await user.client.getSession()).data?.user.email).toBe(user.email);
    const verified = await user.open(present(verification.links[0]));
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/');

    const session = await user.client.getSession();
    expect(session.data?.user.id).toBe(user.userId);
    expect(session.data?.user.email).toBe(newEmail);
    expect(session.data?.user.emailVerified).toBe(true);
    const signIn = await browser().client.signIn.email({ email: newEmail, password: PASSWORD });
    expect(signIn.data?.user.id).toBe(user.userId);
  });

  it('deleteUser with the password deletes the account and signs the browser out', async () => {
    const user = await signedUp('Dora');
    const { data, error } = await user.client.deleteUser({ password: PASSWORD });
    expect(error).toBeNull();
    expect(data).toEqual({ success: true, message: 'User deleted' });
    expect(user.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await user.client.getSession()).data).toBeNull();

    const signIn = await browser().client.signIn.email({ email: user.email, password: PASSWORD });
    expect(failure(signIn)).toEqual(INVALID_CREDENTIALS);
  });

  it('deleteUser without a password (400 USER_ALREADY_HAS_PASSWORD) or a wrong one (400 INVALID_PASSWORD) keeps the account', async () => {
    const user = await signedUp('Dirk');
    expect(failure(await user.client.deleteUser({}))).toEqual({
      status: 400,
      code: 'USER_ALREADY_HAS_PASSWORD',
      message: 'User already has a password. Provide that to delete the account.',
    });
    expect(failure(await user.client.deleteUser({ password: 'wrong' }))).toEqual(INVALID_PASSWORD);
    expect((await user.client.getSession()).data?.user.id).toBe(user.userId);
  });
});
