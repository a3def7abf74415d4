import { present } from '@gatehouse/core/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';
import { pageHeadingCount, seriousViolations, sidewaysOverflow } from './support/screen-checks.ts';

/**
 * Signing in by email in Chromium (docs/protocol/passwordless.md): from the sign-in page to the
 * email page, a link read out of the dev mailbox and followed, a code typed in; and the page's
 * "check your mail" state at a phone's width in the dark, as the screens sweep checks every page.
 */
describe('sign-in by emailed link or code', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ env: { MAGIC_LINK: 'on', EMAIL_OTP: 'on' } });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const toEmailPage = async (page: Page, email: string) => {
    await page.goto(`${product.url}/sign-in`);
    await page.getByRole('link', { name: 'Sign in with a link or code sent by email' }).click();
    await page.getByRole('heading', { name: 'Sign in by email' }).waitFor();
    await page.getByLabel('Email').fill(email);
  };

  it('a new address follows the emailed link into its new account', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await toEmailPage(page, 'lena@example.com');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByText('we sent a sign-in link to').waitFor();
    const link = present((await product.mailLinks('lena@example.com'))[0]);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await context.close();
  });

  it('an emailed code signs in on another device', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await toEmailPage(page, 'lena@example.com');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText('we sent a six-digit code to').waitFor();
    const code = present((await product.mailCodes('lena@example.com'))[0]);
    await page.getByLabel('Code from the email').fill(code);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await context.close();
  });

  it('fits a phone in the dark, with one h1 and no serious axe violation, in both states', async () => {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await toEmailPage(page, 'phone@example.com');
    const check = async (name: string) => {
      await screenshot(page, `passwordless-${name}`);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await pageHeadingCount(page)).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    };
    await check('ask');
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByText('we sent a sign-in link to').waitFor();
    await check('check-your-mail');
    await context.close();
  });
});
