import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';
import { pageHeadingCount, seriousViolations, sidewaysOverflow } from './support/screen-checks.ts';

/**
 * Usernames in Chromium (docs/protocol/passwordless.md#3-usernames): signing up with one, its
 * availability said on leaving the field, signing in with it on another device and changing its
 * display form on the profile; a second person added in the same browser, switched between and
 * signed out alone (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession);
 * and the sign-up and sign-in pages at a phone's width in the dark.
 */
describe('usernames, and several accounts in one browser', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ env: { USERNAME: 'on', MULTI_SESSION: 'on' } });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const PASSWORD = 'a username journey 1';

  it('signs up with a username, then signs in with it, in any letter case, on another device', async () => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await page.goto(`${product.url}/sign-up`);
    await page.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Username (optional)').fill('Ada.L');
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText('This username is free.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await first.close();

    const second = await browser.newContext();
    const other = await second.newPage();
    await other.goto(`${product.url}/sign-up`);
    await other.getByLabel('Username (optional)').fill('ADA.l');
    await other.getByLabel('Name', { exact: true }).focus();
    await other.getByText('This username is already taken. Please try another.').waitFor();

    await other.goto(`${product.url}/sign-in`);
    await other.getByLabel('Email or username').fill('ada.l');
    await other.getByLabel('Password', { exact: true }).fill('not the password');
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByText('Invalid username or password.').waitFor();
    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await other.getByRole('heading', { name: 'Profile' }).waitFor();

    // The profile holds the name as stored, lowercased, and its display form as typed.
    expect(await other.getByLabel('Username', { exact: true }).inputValue()).toBe('ada.l');
    expect(await other.getByLabel('Display username').inputValue()).toBe('Ada.L');
    await other.getByLabel('Display username').fill('ADA.L');
    await other.getByRole('button', { name: 'Save username' }).click();
    await other.getByText('Username saved.').waitFor();
    await other.reload();
    await other.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await other.getByLabel('Display username').inputValue()).toBe('ADA.L');
    await second.close();
  });

  it('adds a second account in the same browser, switches between them, and signs one out alone', async () => {
    const signUp = await browser.newContext();
    const grace = await signUp.newPage();
    await grace.goto(`${product.url}/sign-up`);
    await grace.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await grace.getByLabel('Email').fill('grace@example.com');
    await grace.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await grace.getByLabel('Confirm password').fill(PASSWORD);
    await grace.getByRole('button', { name: 'Create account' }).click();
    await grace.getByRole('heading', { name: 'Profile' }).waitFor();
    await signUp.close();

    // At a phone's width in the dark: the open menu with its switcher is checked there too.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email or username').fill('ada.l');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    const menu = (name: string) => page.getByRole('button', { name: `Account menu for ${name}` });
    await menu('Ada Lovelace').click();
    await page.getByRole('menuitem', { name: 'Add another account' }).click();
    await page.getByLabel('Email or username').fill('grace@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await menu('Grace Hopper').waitFor();

    await menu('Grace Hopper').click();
    await page.getByRole('menuitem', { name: /Ada Lovelace/ }).click();
    await menu('Ada Lovelace').waitFor();

    await menu('Ada Lovelace').click();
    await page.getByRole('menuitem', { name: /Grace Hopper/ }).waitFor();
    await screenshot(page, 'account-switcher');
    expect(await sidewaysOverflow(page)).toBe(0);
    // Within the open menu: the page behind a modal menu is aria-hidden on purpose.
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
    await page.getByRole('menuitem', { name: 'Sign out of this account' }).click();
    await menu('Grace Hopper').waitFor();
    await menu('Grace Hopper').click();
    await expect(page.getByRole('menuitem', { name: /Ada Lovelace/ }).count()).resolves.toBe(0);
    await context.close();
  });

  it('fits a phone in the dark, with one h1 and no serious axe violation', async () => {
    const context: BrowserContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    const check = async (name: string) => {
      await screenshot(page, `usernames-${name}`);
      expect(await sidewaysOverflow(page)).toBe(0);
      expect(await pageHeadingCount(page)).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    };
    await page.goto(`${product.url}/sign-up`);
    await page.getByLabel('Username (optional)').fill('x');
    await page.getByLabel('Name', { exact: true }).focus();
    await page.getByText('The username is too short: use at least 3 characters.').waitFor();
    await check('sign-up');
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email or username').waitFor();
    await check('sign-in');
    await context.close();
  });
});
