import { present } from '@gatehouse/core/testing';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { watchCspViolations } from './support/csp-violations.ts';
import { type Product, startProduct } from './support/product.ts';

/**
 * A person's whole journey in the real product, in Debian's Chromium: sign up, verify through the
 * dev outbox, sign in, change name and password, see and revoke sessions, reset a forgotten
 * password, delete the account. Each screen reached is saved to e2e/screenshots/.
 */
describe('the account journey in a browser', () => {
  let product: Product;
  let browser: Browser;
  const email = `ada-${Date.now()}@example.com`;
  let password = 'first password 1';
  /** Every Content-Security-Policy violation any page of the journey met. */
  const violations: string[] = [];
  /** A fresh browser profile whose pages report their policy violations into `violations`. */
  const newContext = async (options?: BrowserContextOptions): Promise<BrowserContext> => {
    const context = await browser.newContext(options);
    await watchCspViolations(context, violations);
    return context;
  };

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const open = async (context: BrowserContext, path: string): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(`${product.url}${path}`);
    return page;
  };

  const signIn = async (page: Page, withPassword: string) => {
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(withPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  };

  it('signs up, and a duplicate sign-up shows its message at the email field', async () => {
    const context = await newContext();
    const page = await context.newPage();
    const answer = await page.goto(`${product.url}/sign-up`);
    // The page runs under its policy: the violations checked at the end are real refusals.
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await screenshot(page, '01-sign-up');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await screenshot(page, '02-account-after-sign-up');

    const other = await newContext();
    const again = await open(other, '/sign-up');
    await again.getByLabel('Name').fill('Someone');
    await again.getByLabel('Email').fill(email);
    await again.getByLabel('Password', { exact: true }).fill('another password');
    await again.getByLabel('Confirm password').fill('another password');
    await again.getByRole('button', { name: 'Create account' }).click();
    await again.getByText('An account with this email already exists').waitFor();
    await screenshot(again, '03-sign-up-duplicate');
    await other.close();
    await context.close();
  }, 60_000);

  it('verifies the email through the link in the dev outbox', async () => {
    const context = await newContext();
    const mail = await open(context, '/dev/mail');
    await mail.getByText(email).first().waitFor();
    // The page says why it shows other people's links: this machine, no proxy.
    await mail.getByText('you opened it from the machine it runs on').waitFor();
    await screenshot(mail, '04-dev-mail');
    const [link] = await product.mailLinks(email);
    expect(link).toContain('/api/auth/verify-email?token=');
    await mail.goto(present(link));
    await mail
      .getByText(/verified/i)
      .first()
      .waitFor();
    await screenshot(mail, '05-email-verified');
    await context.close();
  }, 60_000);

  it('refuses a wrong password with a message at the password field, then signs in', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, 'not my password');
    await page.getByText('That email and password do not match an account.').waitFor();
    await screenshot(page, '06-sign-in-wrong-password');
    await signIn(page, password);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByText('Verified', { exact: true }).waitFor();
    await context.close();
  }, 60_000);

  it('changes the name and the password', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, password);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByLabel('Name').fill('Ada King');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Ada King').first().waitFor();
    await screenshot(page, '07-profile-saved');

    await page.goto(`${product.url}/account/security`);
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText(/password (was )?changed/i)
      .first()
      .waitFor();
    await screenshot(page, '08-password-changed');
    password = 'second password 2';
    await context.close();
  }, 60_000);

  it('shows two sessions from two browsers, and revoking the other signs it out', async () => {
    const laptop = await newContext({
      userAgent:
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    });
    const phone = await newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      viewport: { width: 375, height: 812 },
    });
    const laptopPage = await laptop.newPage();
    const phonePage = await phone.newPage();
    await signIn(laptopPage, password);
    await signIn(phonePage, password);
    await phonePage.getByRole('heading', { name: 'Profile' }).waitFor();

    await laptopPage.goto(`${product.url}/account/sessions`);
    const phoneRow = laptopPage.getByRole('listitem').filter({ hasText: 'Safari 17 on iOS' });
    await phoneRow.first().waitFor();
    await laptopPage.getByText('This device', { exact: true }).waitFor();
    await screenshot(laptopPage, '09-sessions');
    await screenshot(phonePage, '10-account-on-phone');

    await phoneRow
      .first()
      .getByRole('button', { name: /sign out/i })
      .click();
    await phoneRow.first().waitFor({ state: 'detached' });

    await phonePage.reload();
    await phonePage.getByRole('heading', { name: /sign in/i }).waitFor();
    await screenshot(phonePage, '11-phone-signed-out');
    await laptop.close();
    await phone.close();
  }, 90_000);

  it('resets a forgotten password through the emailed link', async () => {
    const context = await newContext();
    const page = await open(context, '/forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page
      .getByText(/check your email|if an account exists/i)
      .first()
      .waitFor();
    await screenshot(page, '12-forgot-password-sent');

    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      link = (await product.mailLinks(email)).find((l) => l.includes('/reset-password/'));
      if (!link) await page.waitForTimeout(100);
    }
    await page.goto(present(link));
    await page.getByLabel('New password', { exact: true }).waitFor();
    await screenshot(page, '13-reset-password');
    await page.getByLabel('New password', { exact: true }).fill('third password 3');
    await page.getByLabel(/confirm/i).fill('third password 3');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByText(/password (has been |was )?(changed|reset)/i)
      .first()
      .waitFor();
    await screenshot(page, '14-password-reset-done');
    password = 'third password 3';

    await signIn(page, password);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await context.close();
  }, 60_000);

  it('deletes the account, after which signing in fails', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, password);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.goto(`${product.url}/account/delete`);
    await page
      .getByRole('button', { name: /delete account/i })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password').fill(password);
    await screenshot(page, '15-delete-account-dialog');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(`${product.url}/`);
    await screenshot(page, '16-after-deletion');

    await signIn(page, password);
    await page.getByText('That email and password do not match an account.').waitFor();
    await context.close();
  }, 60_000);

  it('met no Content-Security-Policy violation on any page of the journey', () => {
    expect(violations).toEqual([]);
  });
});
