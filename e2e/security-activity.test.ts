import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

/**
 * Security activity in the real product: a sign-in from a second browser shows on the first one's
 * Security activity page, and "This wasn't me" ends that second session.
 */
describe('security activity in a browser', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the other browser’s sign-in, and “This wasn’t me” signs it out', async () => {
    const email = `ada-activity-${Date.now()}@example.com`;
    const password = 'quartz lantern oyster bicycle 47';
    const mine = await browser.newContext();
    const page = await mine.newPage();
    await page.goto(`${product.url}/sign-up`);
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/account/);

    // A second browser (its own cookies) signs in to the same account.
    const theirs = await browser.newContext();
    const other = await theirs.newPage();
    await other.goto(`${product.url}/sign-in`);
    await other.getByLabel('Email').fill(email);
    await other.getByLabel('Password', { exact: true }).fill(password);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.waitForURL(/\/account/);

    await page.getByRole('link', { name: 'Security activity' }).click();
    await page.getByRole('heading', { name: 'Security activity' }).waitFor();
    const timeline = page.getByRole('list', { name: 'Security activity' });
    await timeline.getByText('Signed in (password)').first().waitFor();
    await timeline.getByText('Account created').waitFor();
    await screenshot(page, 'security-activity');

    await page.getByRole('button', { name: 'This wasn’t me' }).click();
    await page.waitForURL(/\/account\/security$/);
    await page.getByText('That session is signed out. Now change your password.').waitFor();

    // The second browser's session is over: its next visit to the account asks it to sign in.
    await other.goto(`${product.url}/account`);
    await other.waitForURL(/\/sign-in/);
    expect(new URL(page.url()).pathname).toBe('/account/security');
    await mine.close();
    await theirs.close();
  }, 90_000);
});
