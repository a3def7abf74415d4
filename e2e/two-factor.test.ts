import { present, totpCode, totpStep } from '@gatehouse/core/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authenticator } from './support/authenticator.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
const ADA = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'ada password 1' };
const GRACE = { name: 'Grace Hopper', email: 'grace@example.com', password: 'grace password 1' };
const MALLORY = { name: 'Mallory', email: 'mallory@example.com', password: 'mallory password 1' };

/**
 * Two-factor in Chromium, as a person uses it: enrol an authenticator app from the Security page
 * (the secret read off the page, codes computed as an app would), then sign in with a code, with a
 * backup code, from a trusted browser (no second step), with an emailed code; the lockout message;
 * the admin reset.
 */
describe('two-factor sign-in', () => {
  let product: Product;
  let browser: Browser;
  /** Ada's authenticator app, set up from the secret the Security page showed. */
  let app = new Authenticator('');
  let backupCodes: string[] = [];

  beforeAll(async () => {
    product = await startProduct({ admins: [ADMIN] });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const post = async (context: BrowserContext, path: string, data: object) =>
    context.request.post(`${product.url}/api/auth${path}`, { data, headers: { origin: product.url } });

  const signUp = async (person: typeof ADA) => {
    const context = await browser.newContext();
    expect((await post(context, '/sign-up/email', person)).ok()).toBe(true);
    return context;
  };

  /** The password step; answers which page it led to. */
  const signInWithPassword = async (page: Page, person: typeof ADA) => {
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const second = page.getByRole('heading', { name: 'Two-step verification' });
    const profile = page.getByRole('heading', { name: 'Profile' });
    await second.or(profile).waitFor();
    return (await second.isVisible()) ? 'second step' : 'signed in';
  };

  const signOut = async (page: Page, person: typeof ADA) => {
    await page.getByRole('button', { name: `Account menu for ${person.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
  };

  const verify = async (page: Page, label: string, code: string, trust = false) => {
    await page.getByLabel(label).fill(code);
    if (trust) await page.getByRole('checkbox', { name: 'Trust this browser for 30 days' }).click();
    await page.getByRole('button', { name: 'Verify' }).click();
  };

  it('enrols an authenticator app from the Security page, confirmed by a first code', async () => {
    const context = await signUp(ADA);
    const page = await context.newPage();
    await page.goto(`${product.url}/account/security`);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByText('Off', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('That password is not right.').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(ADA.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The QR code is drawn in the page; the same secret is there as text.
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = present(await card.getByTestId('totp-secret').textContent()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{52}$/);
    app = new Authenticator(secret);
    await screenshot(page, 'two-factor-01-scan');

    // Not on before a first code: a wrong one is refused at the field.
    await card.getByLabel('Code from the app').fill('000000');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('That code is not right. Check it and try again.').waitFor();
    expect(await card.getByLabel('Code from the app').getAttribute('aria-invalid')).toBe('true');
    await card.getByLabel('Code from the app').fill(await app.nextCode());
    await card.getByRole('button', { name: 'Confirm' }).click();

    // The backup codes, once, with copy / download / print.
    const codes = card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    backupCodes = await codes.allInnerTexts();
    expect(backupCodes.every((code) => /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(code))).toBe(true);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download (.txt)' }).click();
    expect((await download).suggestedFilename()).toBe('gatehouse-backup-codes.txt');
    await card.getByRole('button', { name: 'Print' }).waitFor();
    await screenshot(page, 'two-factor-02-backup-codes');
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'New backup codes' }).waitFor();

    await signOut(page, ADA);
    await context.close();
  }, 120_000);

  it('signs in with a code from the app, then with a backup code', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect(await signInWithPassword(page, ADA)).toBe('second step');
    expect(new URL(page.url()).pathname).toBe('/sign-in/two-factor');
    await screenshot(page, 'two-factor-03-second-step');
    await verify(page, 'Code from your authenticator app', '123456');
    await page.getByText('That code is not right. Check it and try again.').waitFor();
    await verify(page, 'Code from your authenticator app', await app.nextCode());
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await signOut(page, ADA);

    expect(await signInWithPassword(page, ADA)).toBe('second step');
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await verify(page, 'Backup code', present(backupCodes[0]));
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await signOut(page, ADA);

    // Each backup code works once.
    expect(await signInWithPassword(page, ADA)).toBe('second step');
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await verify(page, 'Backup code', present(backupCodes[0]));
    await page.getByText('That backup code is not right, or it has already been used.').waitFor();
    await context.close();
  }, 120_000);

  it('skips the second step in a browser trusted for 30 days', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect(await signInWithPassword(page, ADA)).toBe('second step');
    await verify(page, 'Code from your authenticator app', await app.nextCode(), true);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await signOut(page, ADA);
    expect(await signInWithPassword(page, ADA)).toBe('signed in');
    await signOut(page, ADA);

    // Another browser is not trusted.
    const other = await browser.newContext();
    expect(await signInWithPassword(await other.newPage(), ADA)).toBe('second step');
    await other.close();
    await context.close();
  }, 120_000);

  it('says when to try again once wrong codes have locked the second step', async () => {
    const context = await signUp(MALLORY);
    const enabled = await post(context, '/two-factor/enable', { password: MALLORY.password });
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    const key = present(new URL(totpURI).searchParams.get('secret'));
    const confirmed = await post(context, '/two-factor/verify-totp', {
      code: totpCode(key, totpStep(Date.now())),
    });
    expect(confirmed.ok()).toBe(true);
    await post(context, '/sign-out', {});

    // Ten wrong codes in a row, five per sign-in (the sixth try on one sign-in is refused anyway).
    for (let round = 0; round < 2; round++) {
      expect((await post(context, '/sign-in/email', MALLORY)).ok()).toBe(true);
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await post(context, '/two-factor/verify-totp', { code: '000000' })).status()).toBe(401);
      }
    }

    const page = await context.newPage();
    expect(await signInWithPassword(page, MALLORY)).toBe('second step');
    // Even the right code is refused while locked.
    await verify(page, 'Code from your authenticator app', totpCode(key, totpStep(Date.now()) + 1));
    const message = page.getByText(
      /^Too many wrong codes in a row: .* locked for 15 minutes\. Try again after /,
    );
    await message.waitFor();
    expect(await page.getByRole('heading', { name: 'Profile' }).count()).toBe(0);
    await screenshot(page, 'two-factor-04-locked');
    await context.close();
  }, 120_000);

  it('turns on codes by email, then signs in with an emailed code', async () => {
    const context = await signUp(GRACE);
    const page = await context.newPage();
    await page.goto(`${product.url}/account/security`);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Use codes sent by email' }).click();
    await card.getByRole('button', { name: 'Email me a code' }).click();
    await card.getByText('We sent a code to your email address.', { exact: false }).waitFor();
    const [enrolCode] = await product.mailCodes(GRACE.email);
    await card.getByLabel('Code from the email').fill(present(enrolCode));
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await signOut(page, GRACE);

    expect(await signInWithPassword(page, GRACE)).toBe('second step');
    // Only the methods the sign-in listed: no authenticator app for Grace.
    expect(await page.getByRole('button', { name: 'Use your authenticator app' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('Code from the email').waitFor();
    await expect.poll(async () => (await product.mailCodes(GRACE.email)).length).toBe(2);
    const [signInCode] = await product.mailCodes(GRACE.email);
    await verify(page, 'Code from the email', present(signInCode));
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await context.close();
  }, 120_000);

  it('lets an admin reset a person’s two-factor', async () => {
    const context = await browser.newContext();
    expect((await post(context, '/sign-in/email', ADMIN)).ok()).toBe(true);
    const users = await context.request.get(`${product.url}/api/auth/admin/list-users`, {
      headers: { origin: product.url },
    });
    const { users: found } = (await users.json()) as { users: { id: string; email: string }[] };
    const ada = present(found.find((each) => each.email === ADA.email));

    const page = await context.newPage();
    await page.goto(`${product.url}/admin/users/${ada.id}`);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Reset two-factor' }).click();
    const dialog = page.getByRole('dialog', { name: `Reset two-factor for ${ADA.name}?` });
    await dialog.getByRole('button', { name: 'Reset two-factor' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText('Off', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Reset two-factor' }).isDisabled()).toBe(true);

    // Ada signs in with her password alone again.
    const other = await browser.newContext();
    expect(await signInWithPassword(await other.newPage(), ADA)).toBe('signed in');
    await other.close();
    await context.close();
  }, 120_000);
});
