import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
const USER = { name: 'Grace Hopper', email: 'grace@example.com', password: 'grace password 1' };

/**
 * An operator's work in the admin console, in Chromium: find a user, ban them (their open browser
 * is signed out and cannot sign in), unban, impersonate them (banner on every page), stop.
 */
describe('the admin console in a browser', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct({ admins: [ADMIN] });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const signIn = async (page: Page, who: { email: string; password: string }) => {
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
  };

  it('bans, unbans and impersonates a user', async () => {
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await userPage.goto(`${product.url}/sign-up`);
    await userPage.getByLabel('Name').fill(USER.name);
    await userPage.getByLabel('Email').fill(USER.email);
    await userPage.getByLabel('Password', { exact: true }).fill(USER.password);
    await userPage.getByLabel('Confirm password').fill(USER.password);
    await userPage.getByRole('button', { name: 'Create account' }).click();
    await userPage.getByRole('heading', { name: 'Profile' }).waitFor();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN);
    // The admin console is in the avatar's menu, which only admins see it in.
    await admin.getByRole('button', { name: /^Account menu for/ }).click();
    await admin.getByRole('menuitem', { name: 'Admin console' }).click();
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.getByLabel('Search', { exact: true }).fill('grace');
    // The search applies after a pause in typing; a click before then would race its navigation.
    await admin.waitForURL((url) => url.searchParams.get('q') === 'grace');
    await admin
      .getByRole('link', { name: /Grace Hopper/ })
      .first()
      .click();
    await admin.getByText(USER.email).first().waitFor();
    await screenshot(admin, 'admin-01-user-page');

    await admin.getByRole('button', { name: 'Ban user…' }).click();
    const banDialog = admin.getByRole('dialog');
    await banDialog.getByLabel('Reason (optional)').fill('Testing the console');
    await screenshot(admin, 'admin-02-ban-dialog');
    await banDialog.getByRole('button', { name: 'Ban user' }).click();
    await admin.getByRole('button', { name: 'Unban' }).waitFor();
    await screenshot(admin, 'admin-03-banned');

    // The banned person's open browser is signed out, and signing in again is refused.
    await userPage.reload();
    await userPage.getByRole('heading', { name: /sign in/i }).waitFor();
    await userPage.getByLabel('Email').fill(USER.email);
    await userPage.getByLabel('Password', { exact: true }).fill(USER.password);
    await userPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await userPage
      .getByText(/banned/i)
      .first()
      .waitFor();
    await screenshot(userPage, 'admin-04-banned-user-sign-in');

    await admin.getByRole('button', { name: 'Unban' }).click();
    await admin.getByRole('button', { name: 'Ban user…' }).waitFor();
    await signIn(userPage, USER);

    await admin.getByRole('button', { name: 'Impersonate…' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Impersonate' }).click();
    await admin.getByText(/You are signed in as/).waitFor();
    await admin.getByRole('heading', { name: 'Profile' }).waitFor();
    await admin.getByText(USER.email).first().waitFor();
    await screenshot(admin, 'admin-05-impersonating');
    await admin.goto(`${product.url}/account/sessions`);
    await admin.getByText(/You are signed in as/).waitFor();

    await admin.getByRole('button', { name: 'Stop impersonating' }).click();
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.getByText(/You are signed in as/).waitFor({ state: 'detached' });
    await screenshot(admin, 'admin-06-stopped');
    await userContext.close();
    await adminContext.close();
  }, 120_000);
});
