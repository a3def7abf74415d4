import { present } from '@gatehouse/core/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/testing/free-port.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';
import { removeThirdPartyAppBuild, type ServedApp, serveThirdPartyApp } from './third-party-app/serve-app.ts';

/**
 * An app of someone else's, built with Vite and Better Auth's official client and served
 * from its own origin, uses Gatehouse on another origin for everything: sign-up, profile, sign-out
 * and in, sessions, password, organization and invitation, reset through the emailed link landing
 * in the app, deletion. Host names map to loopback through Chromium's resolver, so the app and
 * Gatehouse are real origins on one machine: `app.gatehouse.test` calling `auth.gatehouse.test`
 * (the same site) with Gatehouse's host-only cookie, then sharing it through COOKIE_DOMAIN; and
 * `app.elsewhere.test` (another site, where browsers do not send the `SameSite=Lax` cookie)
 * keeping its session in a bearer token instead.
 * (@daveyplate/better-auth-ui 3.4 is not used: it requires some 35 peer packages, among them
 * other auth back-ends' clients, that do not install beside this project cleanly.)
 */
const HOSTS = ['--host-resolver-rules=MAP *.gatehouse.test 127.0.0.1,MAP *.elsewhere.test 127.0.0.1'];

interface Setup {
  /** Short name for screenshots. */
  name: string;
  appHost: string;
  env: Record<string, string>;
  bearer: boolean;
  /** The Domain the browser records for the session cookie, or null when it holds none. */
  cookieDomain: string | null;
}

const SETUPS: [string, Setup][] = [
  [
    'on another origin of the same site (host-only cookie)',
    {
      name: 'origin',
      appHost: 'app.gatehouse.test',
      env: {},
      bearer: false,
      cookieDomain: 'auth.gatehouse.test',
    },
  ],
  [
    'on a sibling subdomain (COOKIE_DOMAIN)',
    {
      name: 'subdomain',
      appHost: 'app.gatehouse.test',
      env: { COOKIE_DOMAIN: 'gatehouse.test' },
      bearer: false,
      cookieDomain: '.gatehouse.test',
    },
  ],
  [
    'from another site (bearer token)',
    { name: 'bearer', appHost: 'app.elsewhere.test', env: {}, bearer: true, cookieDomain: null },
  ],
];

afterAll(() => removeThirdPartyAppBuild());

describe.each(SETUPS)('a third-party React app using Gatehouse %s', (_, setup) => {
  let product: Product;
  let app: ServedApp;
  let appURL: string;
  let browser: Browser;
  const email = `third-${setup.name}-${Date.now()}@example.com`;
  let password = 'first password 1';

  beforeAll(async () => {
    const [appPort, authPort] = [await freePort(), await freePort()];
    appURL = `http://${setup.appHost}:${appPort}`;
    product = await startProduct({
      host: 'auth.gatehouse.test',
      port: authPort,
      webApp: false,
      env: { APP_URL: appURL, ...setup.env },
    });
    app = await serveThirdPartyApp(product.url, { port: appPort, bearer: setup.bearer });
    browser = await launchChromium(HOSTS);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await product?.stop();
  });

  const shot = (page: Page, name: string) => screenshot(page, `third-party-${setup.name}-${name}`);

  async function fill(page: Page, form: string, values: Record<string, string>, submit: string) {
    const scope = page.getByRole('form', { name: form });
    for (const [label, value] of Object.entries(values))
      await scope.getByLabel(label, { exact: true }).fill(value);
    await scope.getByRole('button', { name: submit }).click();
    return scope;
  }

  async function signIn(page: Page, withPassword: string) {
    await page.goto(`${appURL}/sign-in`);
    await fill(page, 'Sign in', { Email: email, Password: withPassword }, 'Sign in');
  }

  let context: BrowserContext;
  let page: Page;

  it('signs up from the app; the browser holds the session cookie only where it is sent', async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${appURL}/sign-up`);
    await fill(page, 'Create an account', { Name: 'Grace', Email: email, Password: password }, 'Sign up');
    await page.getByRole('heading', { name: 'Hello Grace' }).waitFor();
    await shot(page, '01-signed-up');
    const cookie = (await context.cookies()).find((c) => c.name === 'better-auth.session_token');
    expect(cookie?.domain ?? null).toBe(setup.cookieDomain);
    const token = await page.evaluate(() => localStorage.getItem('gatehouse-token'));
    expect(token !== null).toBe(setup.bearer);
  });

  it('changes the name, signs out and in again', async () => {
    const saved = await fill(page, 'Profile', { Name: 'Grace Hopper' }, 'Save name');
    await saved.getByRole('status').filter({ hasText: 'Name saved' }).waitFor();
    await page.getByRole('heading', { name: 'Hello Grace Hopper' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await signIn(page, password);
    await page.getByRole('heading', { name: 'Hello Grace Hopper' }).waitFor();
  });

  it('lists sessions and revokes the other device, then changes the password', async () => {
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, password);
    await otherPage.getByRole('heading', { name: 'Hello Grace Hopper' }).waitFor();
    await page.reload();
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByText('Other device').waitFor();
    await shot(page, '02-sessions');
    await sessions.getByRole('button', { name: 'Revoke' }).click();
    await sessions.getByText('Other device').waitFor({ state: 'detached' });
    await other.close();

    const changed = await fill(
      page,
      'Password',
      { 'Current password': password, 'New password': 'second password 2' },
      'Change password',
    );
    await changed.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
    password = 'second password 2';
  });

  it("creates an organization and invites someone; the invitation links to the app's page", async () => {
    const created = await fill(
      page,
      'New organization',
      { 'Organization name': `Org ${Date.now()}` },
      'Create organization',
    );
    await created.getByRole('status').filter({ hasText: 'Organization created' }).waitFor();
    const invitee = `invitee-${Date.now()}@example.com`;
    const invited = await fill(page, 'Invite', { 'Invitee email': invitee }, 'Send invitation');
    await invited.getByRole('status').filter({ hasText: 'Invitation sent' }).waitFor();
    const [link] = await product.mailLinks(invitee);
    expect(present(link)).toMatch(new RegExp(`^${appURL}/accept-invitation/[\\w-]+$`));
  });

  it('resets a forgotten password through the emailed link, which lands in the app', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const sent = await fill(page, 'Forgot password', { Email: email }, 'Send reset link');
    await sent.getByRole('status').filter({ hasText: 'Check your email' }).waitFor();
    const link = present((await product.mailLinks(email)).find((l) => l.includes('/reset-password/')));
    expect(link.startsWith(`${product.url}/api/auth/reset-password/`)).toBe(true);
    await page.goto(link);
    expect(page.url().startsWith(`${appURL}/reset-password?token=`)).toBe(true);
    await shot(page, '03-reset-in-app');
    await fill(page, 'Choose a new password', { 'New password': 'third password 3' }, 'Reset password');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    password = 'third password 3';
    await signIn(page, password);
    await page.getByRole('heading', { name: 'Hello Grace Hopper' }).waitFor();
  });

  it('deletes the account; signing in again is refused, with the message the app can read', async () => {
    await fill(page, 'Delete account', { 'Password to delete': password }, 'Delete my account');
    await page.getByRole('form', { name: 'Create an account' }).waitFor();
    await signIn(page, password);
    await page
      .getByRole('form', { name: 'Sign in' })
      .getByRole('alert')
      .filter({ hasText: 'Invalid email or password' })
      .waitFor();
    await shot(page, '04-deleted');
    await context.close();
  });
});
