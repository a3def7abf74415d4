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
import { organizationClient } from 'better-auth/client/plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from '../testing/browser-fetch.ts';
import { startCheckedServer } from '../testing/checked-server.ts';
import { freePort } from '../testing/free-port.ts';

/**
 * An app on its own origin that hosts its own pages (APP_URL and one override): the official
 * client calls Gatehouse from there, and every emailed link lands on the app's pages.
 */
const APP = 'http://127.0.0.1:1';
const CHANGE_EMAIL_PAGE = `${APP}/account/email-changed`;
const INVITATION_PAGE = `${APP}/organization/accept-invitation`;
const PASSWORD = 'correct horse battery staple';
const MAIL_FROM = 'Gatehouse <no-reply@gatehouse.test>';

let server: RunningServer;
let smtp: SmtpTestServer;
let baseURL: string;
let dataDir: string;
let counter = 0;
const freshEmail = () => `links-${++counter}-${Date.now()}@example.com`;

/** A browser on the app's page: its fetch sends the app's Origin and keeps cookies. */
function appBrowser() {
  const jar = browserFetch(APP);
  const client = createAuthClient({
    baseURL,
    plugins: [organizationClient()],
    fetchOptions: { customFetchImpl: jar.fetch },
  });
  return { client, open: (url: string) => jar.fetch(url, { redirect: 'manual' }) };
}

/** The link of the first mail to `address` with this subject (and, if given, this landing page). */
async function mailTo(address: string, subject: string, landing?: string): Promise<string> {
  const mail: ReceivedMail = await smtp.waitFor(
    (m) =>
      m.to.includes(address) &&
      m.subject === subject &&
      (landing === undefined || m.links[0]?.includes(encodeURIComponent(landing)) === true),
  );
  expect(mail.links).toHaveLength(1);
  return present(mail.links[0]);
}

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-app-links-'));
  const port = await freePort();
  baseURL = `http://localhost:${port}`;
  server = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'better-auth-client-app-links-secret-0123456789',
      RATE_LIMIT: 'off',
      SMTP_URL: smtp.url,
      MAIL_FROM,
      APP_URL: APP,
      APP_CHANGE_EMAIL_URL: CHANGE_EMAIL_PAGE,
      APP_INVITATION_URL: INVITATION_PAGE,
    }),
    () => {},
  );
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('emailed links land in the app (APP_URL)', () => {
  it('verification: the link verifies at Gatehouse, then lands on APP_URL when the app named no page', async () => {
    const { client, open } = appBrowser();
    const email = freshEmail();
    expect((await client.signUp.email({ email, password: PASSWORD, name: 'Vera' })).error).toBeNull();
    expect((await client.sendVerificationEmail({ email })).error).toBeNull();
    const link = new URL(await mailTo(email, 'Verify your email address'));
    expect(`${link.origin}${link.pathname}`).toBe(`${baseURL}/api/auth/verify-email`);
    expect(link.searchParams.get('callbackURL')).toBe(APP);
    const landed = await open(link.toString());
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toBe(APP);
    expect((await client.getSession()).data?.user.emailVerified).toBe(true);
  });

  it('verification: a page the app names wins, and it must be trusted', async () => {
    const { client } = appBrowser();
    const email = freshEmail();
    await client.signUp.email({ email, password: PASSWORD, name: 'Nia' });
    await client.sendVerificationEmail({ email, callbackURL: `${APP}/welcome` });
    const link = new URL(await mailTo(email, 'Verify your email address', `${APP}/welcome`));
    expect(link.searchParams.get('callbackURL')).toBe(`${APP}/welcome`);
    const refused = await client.sendVerificationEmail({ email, callbackURL: 'https://evil.example.net/' });
    expect(refused.error?.status).toBe(403);
    expect(refused.error?.code).toBe('INVALID_CALLBACK_URL');
  });

  it('reset: the link lands on APP_URL/reset-password with the token, which resets the password', async () => {
    const { client, open } = appBrowser();
    const email = freshEmail();
    await client.signUp.email({ email, password: PASSWORD, name: 'Rex' });
    expect((await client.requestPasswordReset({ email })).error).toBeNull();
    const link = await mailTo(email, 'Reset your password');
    expect(new URL(link).searchParams.get('callbackURL')).toBe(`${APP}/reset-password`);
    const landed = await open(link);
    expect(landed.status).toBe(302);
    const page = new URL(present(landed.headers.get('location')));
    expect(`${page.origin}${page.pathname}`).toBe(`${APP}/reset-password`);
    const token = present(page.searchParams.get('token'));
    const reset = await client.resetPassword({ newPassword: 'a brand new passphrase', token });
    expect(reset.error).toBeNull();
    const signIn = await appBrowser().client.signIn.email({ email, password: 'a brand new passphrase' });
    expect(signIn.error).toBeNull();
  });

  it('email change: the confirmation lands on APP_CHANGE_EMAIL_URL', async () => {
    const { client, open } = appBrowser();
    const email = freshEmail();
    await client.signUp.email({ email, password: PASSWORD, name: 'Cam' });
    await client.sendVerificationEmail({ email });
    await open(await mailTo(email, 'Verify your email address'));
    const newEmail = freshEmail();
    expect((await client.changeEmail({ newEmail })).error).toBeNull();
    const link = await mailTo(email, 'Confirm your new email address');
    expect(new URL(link).searchParams.get('callbackURL')).toBe(CHANGE_EMAIL_PAGE);
    const landed = await open(link);
    expect(landed.headers.get('location')).toBe(CHANGE_EMAIL_PAGE);
    const second = new URL(await mailTo(newEmail, 'Verify your email address'));
    expect(second.searchParams.get('callbackURL')).toBe(CHANGE_EMAIL_PAGE);
  });

  it("invitation: the email links to the app's invitation page with the invitation id", async () => {
    const { client } = appBrowser();
    await client.signUp.email({ email: freshEmail(), password: PASSWORD, name: 'Owner' });
    const created = await client.organization.create({ name: 'Links', slug: `links-${Date.now()}` });
    expect(created.error).toBeNull();
    const invitee = freshEmail();
    const invited = await client.organization.inviteMember({
      email: invitee,
      role: 'member',
      organizationId: present(created.data).id,
    });
    expect(invited.error).toBeNull();
    const link = await mailTo(invitee, 'Join Links');
    expect(link).toBe(`${INVITATION_PAGE}?invitationId=${present(invited.data).id}`);
  });
});
