import type { OidcTestProvider } from '@gatehouse/core/testing/oidc';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import type { Product } from './support/product.ts';
import { startProductWithProvider } from './support/product-with-provider.ts';

const PROVIDER = 'Test ID';
const PASSWORD = 'first password 1';

/**
 * Social sign-in in the real product, in Debian's Chromium, against a real OpenID provider on
 * loopback (the `oidc-provider` package with its own login and consent pages): sign up through
 * the provider, the last-account guard, linking and unlinking from the account area, and the
 * error pages a person lands on when the provider is left or the emails differ.
 */
describe('social sign-in in a browser', () => {
  let provider: OidcTestProvider;
  let product: Product;
  let browser: Browser;
  const stamp = Date.now();
  const grace = { login: `grace-${stamp}`, email: `grace-${stamp}@example.com`, name: 'Grace Hopper' };
  const ada = { login: `ada-${stamp}`, email: `ada-${stamp}@example.com`, name: 'Ada Lovelace' };
  const stranger = {
    login: `stranger-${stamp}`,
    email: `stranger-${stamp}@example.com`,
    name: 'Someone Else',
  };

  beforeAll(async () => {
    ({ product, provider } = await startProductWithProvider({
      providerName: PROVIDER,
      people: [grace, ada, stranger],
    }));
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await provider?.close();
  });

  const open = async (context: BrowserContext, path: string): Promise<Page> => {
    const page = await context.newPage();
    await page.goto(`${product.url}${path}`);
    return page;
  };

  /** The provider's own pages: its login form, then its consent form. */
  const loginAtProvider = async (page: Page, login: string, shot?: string) => {
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('anything');
    if (shot) await screenshot(page, shot);
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.origin === product.url);
  };

  const signUpWithPassword = async (context: BrowserContext, person: { email: string; name: string }) => {
    const page = await open(context, '/sign-up');
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    return page;
  };

  const accountRows = (page: Page) =>
    page.getByRole('list', { name: 'Connected accounts' }).getByRole('listitem');

  it('signs up through the provider from the sign-in page, and guards the only account', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/sign-in');
    const button = page.getByRole('button', { name: `Continue with ${PROVIDER}` });
    await button.waitFor();
    await screenshot(page, 'social-01-sign-in-buttons');
    await button.click();
    await loginAtProvider(page, grace.login, 'social-02-provider-login');

    // A new account lands on the account page, signed in as the provider's person.
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    await page.getByText(grace.email).first().waitFor();
    await screenshot(page, 'social-03-signed-up');

    await page.getByRole('link', { name: 'Connected accounts' }).click();
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(1);
    const remove = page.getByRole('button', { name: `Remove ${PROVIDER}` });
    expect(await remove.isDisabled()).toBe(true);
    await page.getByText('This is your only way to sign in, so it can’t be removed.').waitFor();
    await screenshot(page, 'social-04-last-account-guard');
    await context.close();
  }, 90_000);

  it('signs a returning person in through the provider, landing on the callback page', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/sign-in');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await loginAtProvider(page, grace.login);
    await page.getByText(`Signed in as ${grace.email}.`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  }, 90_000);

  it('links the provider to an email + password account, lists it, and unlinks it', async () => {
    const context = await browser.newContext();
    const page = await signUpWithPassword(context, ada);
    await page.goto(`${product.url}/account/connections`);
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Remove Email and password' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: `Connect ${PROVIDER}` }).click();
    await loginAtProvider(page, ada.login);
    await page.getByText('The account is connected. You can now sign in with it.').waitFor();
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(2);
    await screenshot(page, 'social-05-linked');
    expect(await page.getByRole('button', { name: 'Remove Email and password' }).isDisabled()).toBe(false);

    await page.getByRole('button', { name: `Remove ${PROVIDER}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${PROVIDER}?` });
    await confirm.waitFor();
    await screenshot(page, 'social-06-remove-confirm');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(1);
    await page.getByText('This is your only way to sign in, so it can’t be removed.').waitFor();
    expect(await page.getByRole('button', { name: `Connect ${PROVIDER}` }).isVisible()).toBe(true);
    await screenshot(page, 'social-07-unlinked');
    await context.close();
  }, 90_000);

  it('brings a failed link back to the account area with the reason', async () => {
    const context = await browser.newContext();
    const page = await signUpWithPassword(context, { email: `linda-${stamp}@example.com`, name: 'Linda' });
    await page.goto(`${product.url}/account/connections`);
    await page.getByRole('button', { name: `Connect ${PROVIDER}` }).click();
    await loginAtProvider(page, stranger.login);
    await page.getByText('The email addresses do not match.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/connections');
    expect(new URL(page.url()).searchParams.get('error')).toBe('email_does_not_match');
    await expect.poll(() => accountRows(page).count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'social-08-link-error');
    await context.close();
  }, 90_000);

  it('explains a sign-in cancelled at the provider, with a way back', async () => {
    const context = await browser.newContext();
    const page = await open(context, '/sign-up');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await page.getByRole('heading', { name: 'Sign-in was cancelled' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/social-error');
    await screenshot(page, 'social-09-cancelled');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  }, 90_000);
});
