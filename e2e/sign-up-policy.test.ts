import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

/** The pages say what `SIGN_UP` allows, and the server refuses what it does not. */
describe.each(['invite-only', 'closed'] as const)('SIGN_UP=%s in a browser', (policy) => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ env: { SIGN_UP: policy } });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('the sign-in and sign-up pages explain it', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    if (policy === 'closed') {
      await page.getByText('This server does not create new accounts.').waitFor();
      expect(await page.getByRole('link', { name: /Create/ }).count()).toBe(0);
    } else {
      await page.getByRole('link', { name: 'Create your account' }).click();
    }
    await page.goto(`${product.url}/sign-up`);
    await screenshot(page, `sign-up-policy-${policy}`);
    if (policy === 'closed') {
      await page.getByRole('heading', { name: 'Sign-up is closed' }).waitFor();
      expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
      return;
    }
    await page.getByText('Sign-up is by invitation only').waitFor();
    // An address nobody invited is refused by the server, and the page says why.
    await page.getByLabel('Name').fill('Nobody');
    await page.getByLabel('Email').fill('uninvited@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a long enough secret');
    await page.getByLabel('Confirm password').fill('a long enough secret');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText('This server is invitation only: ask an organization to invite this address.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-up');
    await page.close();
  }, 60_000);
});
