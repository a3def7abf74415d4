import { present, totpCode, totpStep } from '@gatehouse/core/testing';
import type { OidcTestProvider } from '@gatehouse/core/testing/oidc';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authenticator } from './support/authenticator.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import type { Product } from './support/product.ts';
import { startProductWithProvider } from './support/product-with-provider.ts';

const PROVIDER = 'Test ID';
const PASSWORD = 'first password 1';
/** Seconds a session stays fresh: short, so the test can outwait it. */
const FRESH_AGE = 3;

/**
 * Re-authentication in place, in Chromium: when the server refuses a sensitive action because the
 * session is not fresh, a dialog asks for the password (or the linked provider) and the action
 * runs again, with no sign-out. The server's own refusal is used for unlinking an account; for
 * the other sensitive actions the first answer is replaced by the same refusal, which checks that
 * every one of them goes through the dialog.
 */
describe('re-authentication in place', () => {
  let provider: OidcTestProvider;
  let product: Product;
  let browser: Browser;
  const stamp = Date.now();
  const ada = { login: `ada-${stamp}`, email: `ada-${stamp}@example.com`, name: 'Ada Lovelace' };

  beforeAll(async () => {
    ({ product, provider } = await startProductWithProvider({
      providerName: PROVIDER,
      people: [ada],
      env: { SESSION_FRESH_AGE: String(FRESH_AGE) },
    }));
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await provider?.close();
  });

  const signIn = async (page: Page) => {
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
  };
  const outwaitFreshness = (page: Page) => page.waitForTimeout(FRESH_AGE * 1000 + 500);
  const reauthDialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm it’s you' });
  const accountRows = (page: Page) =>
    page.getByRole('list', { name: 'Connected accounts' }).getByRole('listitem');

  /** Answers the next call to `path` with the server's not-fresh refusal; later calls go through. */
  const refuseOnceAsNotFresh = async (page: Page, path: string) => {
    let refused = false;
    await page.route(`**/api/auth${path}`, async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' }),
      });
    });
  };

  it('asks for the password when unlinking with a stale session, then unlinks without signing out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/sign-up`);
    await page.getByLabel('Name').fill(ada.name);
    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    await page.goto(`${product.url}/account/connections`);
    await page.getByRole('button', { name: `Connect ${PROVIDER}` }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(ada.login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByText('The account is connected. You can now sign in with it.').waitFor();
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(2);

    await outwaitFreshness(page);
    await page.getByRole('button', { name: `Remove ${PROVIDER}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${PROVIDER}?` })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();

    // The server refused (not fresh): the dialog asks, offering the password and the provider.
    const dialog = reauthDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: `Continue with ${PROVIDER}` }).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('That password is not right.').first().waitFor();
    await screenshot(page, 'reauth-01-wrong-password');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The removal ran again and succeeded; the person is still signed in, on the same page.
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/account/connections');
    await screenshot(page, 'reauth-02-unlinked');

    // The replaced session was ended: the sessions list shows one.
    await page.goto(`${product.url}/account/sessions`);
    await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await expect
      .poll(() => page.getByText('This device', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    await context.close();
  }, 120_000);

  it('cancelling hands the refusal back to the form, with a way to sign in again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);

    await page.goto(`${product.url}/account/security`);
    await refuseOnceAsNotFresh(page, '/change-password');
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = reauthDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Sign in again' }).waitFor();
    await context.close();
  }, 60_000);

  it('puts every sensitive action of the account area through the dialog', async () => {
    // Another device, so that "Sign out other devices" has something to do.
    const other = await browser.newContext();
    const response = await other.request.post(`${product.url}/api/auth/sign-in/email`, {
      data: { email: ada.email, password: PASSWORD },
      headers: { origin: product.url },
    });
    expect(response.ok()).toBe(true);
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    let password = PASSWORD;

    const confirmWithPassword = async () => {
      const dialog = reauthDialog(page);
      await dialog.waitFor();
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await dialog.waitFor({ state: 'detached' });
    };

    // Changing the password.
    await page.goto(`${product.url}/account/security`);
    await refuseOnceAsNotFresh(page, '/change-password');
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password').fill('second password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await confirmWithPassword();
    password = 'second password 2';
    await page.getByText('Password changed.').waitFor();

    // Changing the email address.
    await page.goto(`${product.url}/account`);
    await refuseOnceAsNotFresh(page, '/change-email');
    const newEmail = `new-${ada.email}`;
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Change email', exact: true }).click();
    await confirmWithPassword();
    await page.getByText(newEmail).first().waitFor();

    // Signing out the other devices.
    await page.goto(`${product.url}/account/sessions`);
    await refuseOnceAsNotFresh(page, '/revoke-other-sessions');
    await page.getByRole('button', { name: 'Sign out other devices' }).click();
    await confirmWithPassword();
    await page.getByText('Your other devices are signed out.').waitFor();

    // Setting up two-factor (the server asks this of accounts without a password, README D7).
    await page.goto(`${product.url}/account/security`);
    await refuseOnceAsNotFresh(page, '/two-factor/enable');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const setUp = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await setUp.getByLabel('Password', { exact: true }).fill(password);
    await setUp.getByRole('button', { name: 'Continue' }).click();
    await confirmWithPassword();
    await setUp.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();

    // Deleting the account, last.
    await page.goto(`${product.url}/account/delete`);
    await refuseOnceAsNotFresh(page, '/delete-user');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await deleteDialog.getByLabel('Password', { exact: true }).fill(password);
    await deleteDialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await confirmWithPassword();
    await page.getByText('Your account has been deleted.').waitFor();
    await context.close();
    await other.close();
  }, 120_000);

  it('asks a person with two-factor on for a code after the password, in the same dialog', async () => {
    const lin = { name: 'Lin Ye', email: `lin-${stamp}@example.com`, password: 'lin password 1' };
    const context = await browser.newContext();
    const post = (path: string, data: object) =>
      context.request.post(`${product.url}/api/auth${path}`, { data, headers: { origin: product.url } });
    expect((await post('/sign-up/email', lin)).ok()).toBe(true);
    const { totpURI } = (await (await post('/two-factor/enable', { password: lin.password })).json()) as {
      totpURI: string;
    };
    const secret = present(new URL(totpURI).searchParams.get('secret'));
    const step = totpStep(Date.now());
    expect((await post('/two-factor/verify-totp', { code: totpCode(secret, step) })).ok()).toBe(true);
    const app = new Authenticator(secret);
    await app.nextCode(); // the step just used

    const page = await context.newPage();
    await page.goto(`${product.url}/account/security`);
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    await outwaitFreshness(page);
    await refuseOnceAsNotFresh(page, '/change-password');
    await page.getByLabel('Current password').fill(lin.password);
    await page.getByLabel('New password', { exact: true }).fill('lin password 2');
    await page.getByLabel('Confirm new password').fill('lin password 2');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = reauthDialog(page);
    await dialog.getByLabel('Password', { exact: true }).fill(lin.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The password was right; the second step follows in the dialog.
    await dialog.getByText('Your account has a second step', { exact: false }).waitFor();
    await dialog.getByLabel('Code from your authenticator app').fill(await app.nextCode());
    await screenshot(page, 'reauth-03-second-step');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Password changed.').waitFor();
    // Signed in again, back where they were.
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/security');
    await context.close();
  }, 120_000);
});
