import { present, totpCode, totpStep } from '@gatehouse/core/testing';
import type { OidcTestProvider } from '@gatehouse/core/testing/oidc';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { Authenticator } from './support/authenticator.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import type { Product } from './support/product.ts';
import { startProductWithProvider } from './support/product-with-provider.ts';
import { passProviderPages } from './support/provider-pages.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

const PROVIDER = 'Test ID';
const PASSWORD = 'first password 1';
/**
 * Seconds a session stays fresh: short, so the test can outwait it, and long enough for the
 * repeated call after confirming (a passkey ceremony, an emailed code) on a loaded machine.
 */
const FRESH_AGE = 5;

/**
 * Re-authentication in place, in Chromium: when the server refuses a sensitive action because the
 * session is not fresh, a dialog asks for the password (or a passkey, or the linked provider) and
 * the action runs again, with no sign-out. The server's own refusals are used wherever it gives
 * them: unlinking an account, adding a passkey, turning on emailed codes. Changing the password
 * or the email address, deleting an account with a password and signing sessions out are never
 * refused so (the password, or the session alone, is the proof): for them the first answer is
 * replaced by the same refusal, which checks that the app's client asks for every call.
 * The product runs on localhost: WebAuthn needs a domain, and Chromium's virtual authenticator
 * (DevTools protocol) stands in for the person's device.
 */
describe('re-authentication in place', () => {
  let provider: OidcTestProvider;
  let product: Product;
  let browser: Browser;
  const stamp = Date.now();
  const ada = { login: `ada-${stamp}`, email: `ada-${stamp}@example.com`, name: 'Ada Lovelace' };
  /** Ada's own browser, kept from the first test to the second. */
  let adaPage: Page;

  beforeAll(async () => {
    ({ product, provider } = await startProductWithProvider({
      providerName: PROVIDER,
      people: [ada],
      host: 'localhost',
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
  const passkeyRows = (page: Page) => page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem');

  /** Adds a passkey named `name` from the Security page: the dialog, then the browser's ceremony. */
  const startAddingPasskey = async (page: Page, name: string) => {
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    await add.getByLabel('Name').fill(name);
    await add.getByRole('button', { name: 'Create passkey' }).click();
    return add;
  };

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

  /** Connects the provider from the Connected accounts page (it may remember Ada and ask nothing). */
  const connectProvider = async (page: Page) => {
    await page.getByRole('button', { name: `Connect ${PROVIDER}` }).click();
    await passProviderPages(
      page,
      ada.login,
      (url) => url.origin === product.url && url.searchParams.has('linked'),
    );
  };

  /** Removes the provider from the Connected accounts page, with the dialog's confirmation. */
  const removeProvider = async (page: Page) => {
    await page.getByRole('button', { name: `Remove ${PROVIDER}` }).click();
    await page
      .getByRole('dialog', { name: `Remove ${PROVIDER}?` })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
  };

  it('asks for the password when unlinking with a stale session, then unlinks without signing out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    adaPage = page;
    await page.goto(`${product.url}/sign-up`);
    await page.getByLabel('Name').fill(ada.name);
    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    await page.goto(`${product.url}/account/connections`);
    await connectProvider(page);
    await page.getByText('The account is connected. You can now sign in with it.').waitFor();
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(2);

    await outwaitFreshness(page);
    await removeProvider(page);

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
  }, 120_000);

  it('adds a passkey after the password, then confirms with that passkey to unlink again', async () => {
    const page = adaPage;
    await addVirtualAuthenticator(page.context(), page);
    await page.goto(`${product.url}/account/security`);
    await page.getByRole('heading', { name: 'Security' }).waitFor();

    // Registering a passkey is refused for a stale session (the server's own refusal).
    await outwaitFreshness(page);
    const add = await startAddingPasskey(page, 'Laptop');
    const dialog = reauthDialog(page);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await add.waitFor({ state: 'detached' });
    await passkeyRows(page).filter({ hasText: 'Laptop' }).waitFor();

    // The provider again, then a stale session removes it: the passkey confirms it is Ada.
    await page.goto(`${product.url}/account/connections`);
    await connectProvider(page);
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(2);
    await outwaitFreshness(page);
    await removeProvider(page);
    await screenshot(page, 'reauth-03-passkey-offered');
    await dialog.getByRole('button', { name: 'Use a passkey' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(1);
    // The passkey made this same session fresh again: still one session, still signed in here.
    const sessions = await page.context().request.get(`${product.url}/api/auth/list-sessions`);
    expect(((await sessions.json()) as unknown[]).length).toBe(1);
    await page.context().close();
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
    // Other devices, so that signing one out and "Sign out other devices" have something to do.
    const others = [await browser.newContext(), await browser.newContext()];
    for (const other of others)
      await postAs(other, product.url, '/sign-in/email', { email: ada.email, password: PASSWORD });
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

    // Signing one other device out.
    await page.goto(`${product.url}/account/sessions`);
    const devices = page
      .getByRole('region', { name: 'Where you’re signed in' })
      .getByRole('button', { name: 'Sign out', exact: true });
    await expect.poll(() => devices.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const before = await devices.count();
    await refuseOnceAsNotFresh(page, '/revoke-session');
    await devices.first().click();
    await confirmWithPassword();
    await expect.poll(() => devices.count(), { timeout: 10_000 }).toBe(before - 1);

    // Signing out the other devices.
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

    // Signing out everywhere: asked, then this browser is signed out too.
    await page.goto(`${product.url}/account/sessions`);
    await refuseOnceAsNotFresh(page, '/revoke-sessions');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page
      .getByRole('dialog', { name: 'Sign out everywhere?' })
      .getByRole('button', { name: 'Sign out everywhere' })
      .click();
    await confirmWithPassword();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // Deleting the account, last.
    await page.unrouteAll();
    // The new address is not in use until its link is opened.
    await page.getByLabel('Email').fill(ada.email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/sign-in');
    await page.goto(`${product.url}/account/delete`);
    await refuseOnceAsNotFresh(page, '/delete-user');
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const deleteDialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await deleteDialog.getByLabel('Password', { exact: true }).fill(password);
    await deleteDialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await confirmWithPassword();
    await page.getByText('Your account has been deleted.').waitFor();
    await context.close();
    for (const other of others) await other.close();
  }, 120_000);

  it('asks a person with two-factor on for a code after the password, then adds their passkey', async () => {
    const lin = { name: 'Lin Ye', email: `lin-${stamp}@example.com`, password: 'lin password 1' };
    const context = await browser.newContext();
    await postAs(context, product.url, '/sign-up/email', lin);
    const { totpURI } = await postAs(context, product.url, '/two-factor/enable', { password: lin.password });
    const secret = present(new URL(totpURI).searchParams.get('secret'));
    await postAs(context, product.url, '/two-factor/verify-totp', {
      code: totpCode(secret, totpStep(Date.now())),
    });
    const app = new Authenticator(secret);
    await app.nextCode(); // the step just used

    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);
    await page.goto(`${product.url}/account/security`);
    await page.getByRole('heading', { name: 'Security' }).waitFor();
    await outwaitFreshness(page);
    const add = await startAddingPasskey(page, 'Phone');
    const dialog = reauthDialog(page);
    await dialog.getByLabel('Password', { exact: true }).fill(lin.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The password was right; the second step follows in the dialog.
    await dialog.getByText('Your account has a second step', { exact: false }).waitFor();
    await dialog.getByLabel('Code from your authenticator app').fill(await app.nextCode());
    await screenshot(page, 'reauth-04-second-step');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await dialog.waitFor({ state: 'detached' });
    await add.waitFor({ state: 'detached' });
    await passkeyRows(page).filter({ hasText: 'Phone' }).waitFor();
    // Signed in again, back where they were.
    expect(new URL(page.url()).pathname).toBe('/account/security');
    await context.close();
  }, 120_000);

  it('turns on emailed codes after the password, with a new code (the refused one was used up)', async () => {
    const eve = { name: 'Eve Ng', email: `eve-${stamp}@example.com`, password: 'eve password 1' };
    const context = await browser.newContext();
    await postAs(context, product.url, '/sign-up/email', eve);
    const page = await context.newPage();
    await page.goto(`${product.url}/account/security`);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Use codes sent by email' }).waitFor();
    await outwaitFreshness(page);
    await card.getByRole('button', { name: 'Use codes sent by email' }).click();
    await card.getByRole('button', { name: 'Email me a code' }).click();
    await expect.poll(async () => (await product.mailCodes(eve.email)).length).toBe(1);
    await card.getByLabel('Code from the email').fill(present((await product.mailCodes(eve.email))[0]));
    await card.getByRole('button', { name: 'Confirm' }).click();

    // Turning it on is refused for a stale session (the server's own refusal, D8).
    const dialog = reauthDialog(page);
    await dialog.getByLabel('Password', { exact: true }).fill(eve.password);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The code went with the replaced session: the card says to send a new one.
    await card.getByText('This code has expired or was already used. Send a new code.').waitFor();
    await card.getByRole('button', { name: 'Send a new code' }).click();
    await expect.poll(async () => (await product.mailCodes(eve.email)).length).toBe(2);
    await card.getByLabel('Code from the email').fill(present((await product.mailCodes(eve.email))[0]));
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await context.close();
  }, 120_000);
});
