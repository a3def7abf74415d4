import { present } from '@gatehouse/core/testing';
import type { OidcTestProvider } from '@gatehouse/core/testing/oidc';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authenticator } from './support/authenticator.ts';
import { launchChromium, reportPageOnFailure, screenshot } from './support/browser.ts';
import type { Product } from './support/product.ts';
import { startProductWithProvider } from './support/product-with-provider.ts';
import { passProviderPages } from './support/provider-pages.ts';

const PROVIDER = 'Test ID';
/**
 * Seconds a session stays fresh: short, so the test can outwait it, and long enough for the way
 * back from the provider to the repeated call on a loaded machine.
 */
const FRESH_AGE = 5;

/**
 * Re-authentication in place for a person who signs in only through a provider (no password), in
 * Chromium with a real OpenID provider and the server's real refusals: once the session is older
 * than SESSION_FRESH_AGE, turning two-factor on or off, new backup codes and deleting the account
 * are refused, the dialog offers the provider, and after its sign-in (and the second step, with
 * two-factor on) the app comes back to the same page and finishes: it turns two-factor off by
 * itself, and opens the other forms again, saying the person may continue.
 */
describe('re-authentication with a sign-in provider', () => {
  let provider: OidcTestProvider;
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Backup codes not used yet: the second step takes one (an app code may wait for the next 30 s step). */
  let backupCodes: string[] = [];
  const stamp = Date.now();
  const hedy = { login: `hedy-${stamp}`, email: `hedy-${stamp}@example.com`, name: 'Hedy Lamarr' };

  beforeAll(async () => {
    ({ product, provider } = await startProductWithProvider({
      providerName: PROVIDER,
      people: [hedy],
      env: { SESSION_FRESH_AGE: String(FRESH_AGE) },
    }));
    browser = await launchChromium();
    context = await browser.newContext();
    page = await context.newPage();
  }, 120_000);
  reportPageOnFailure(() => page);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await provider?.close();
  });

  const outwaitFreshness = () => page.waitForTimeout(FRESH_AGE * 1000 + 500);
  const card = () => page.getByRole('region', { name: 'Two-factor authentication' });

  /**
   * Through the provider's pages back to `path`: its login and consent when it asks for them (it
   * may remember the person and ask nothing), then the second step when two-factor is on.
   */
  const throughProvider = async (path: string) => {
    await passProviderPages(
      page,
      hedy.login,
      (url) =>
        url.origin === product.url &&
        (url.searchParams.has('reauthenticated') || url.pathname === '/sign-in/two-factor'),
    );
    if (new URL(page.url()).pathname === '/sign-in/two-factor') {
      await page.getByRole('button', { name: 'Use a backup code' }).click();
      await page.getByLabel('Backup code').fill(present(backupCodes.shift()));
      await page.getByRole('button', { name: 'Verify' }).click();
    }
    await page.waitForURL((url) => url.origin === product.url && url.pathname === path);
  };

  /** The refusal's dialog offers only the provider (no password to ask for); it is chosen. */
  const confirmWithProvider = async (path = '/account/security') => {
    const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await dialog.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await throughProvider(path);
  };

  const readBackupCodes = async () => {
    const list = card().getByRole('list', { name: 'Backup codes' });
    await list.waitFor();
    return (await list.getByRole('listitem').allInnerTexts()).map((each) => each.trim());
  };

  const sessionCount = async () =>
    ((await (await context.request.get(`${product.url}/api/auth/list-sessions`)).json()) as unknown[]).length;

  it('turns two-factor on after confirming with the provider, in the form that opens again', async () => {
    await page.goto(`${product.url}/sign-in?next=/account/security`);
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await passProviderPages(
      page,
      hedy.login,
      (url) => url.origin === product.url && url.pathname === '/account/security',
    );
    await page.getByRole('heading', { name: 'Security' }).waitFor();

    await outwaitFreshness();
    await card().getByRole('button', { name: 'Set up an authenticator app' }).click();
    let setUp = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await setUp.getByRole('button', { name: 'Continue' }).click();
    // Refused as not fresh: the dialog asks, with no password field for this account.
    const reauth = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await reauth.getByText('sign in again for', { exact: false }).waitFor();
    expect(await reauth.getByLabel('Password', { exact: true }).count()).toBe(0);
    await screenshot(page, 'reauth-social-01-provider-only');
    await confirmWithProvider();

    // Back on the same page: the form is open again, saying so; continuing sets it up.
    setUp = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await setUp.getByText('Confirmed — you can continue.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await screenshot(page, 'reauth-social-02-confirmed');
    await setUp.getByRole('button', { name: 'Continue' }).click();
    const secret = present(await card().getByTestId('totp-secret').textContent()).replace(/\s+/g, '');
    const app = new Authenticator(secret);
    await card()
      .getByLabel('Code from the app')
      .fill(await app.nextCode());
    await card().getByRole('button', { name: 'Confirm' }).click();
    backupCodes = await readBackupCodes();
    await card().getByRole('button', { name: 'I have saved my codes' }).click();
    await card().getByText('On', { exact: true }).waitFor();
    // The session the provider's sign-in replaced was ended: only this one is left.
    expect(await sessionCount()).toBe(1);
  }, 120_000);

  it('makes new backup codes after the provider and the second step', async () => {
    await outwaitFreshness();
    await card().getByRole('button', { name: 'New backup codes' }).click();
    let dialog = page.getByRole('dialog', { name: 'Make new backup codes?' });
    await dialog.getByRole('button', { name: 'New backup codes' }).click();
    await confirmWithProvider();
    dialog = page.getByRole('dialog', { name: 'Make new backup codes?' });
    await dialog.getByText('Confirmed — you can continue.').waitFor();
    await dialog.getByRole('button', { name: 'New backup codes' }).click();
    const fresh = await readBackupCodes();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(backupCodes[0]);
    backupCodes = fresh;
    await card().getByRole('button', { name: 'I have saved my codes' }).click();
  }, 120_000);

  it('turns two-factor off by itself once back from the provider', async () => {
    await outwaitFreshness();
    await card().getByRole('button', { name: 'Turn off' }).click();
    await page
      .getByRole('dialog', { name: 'Turn off two-factor authentication?' })
      .getByRole('button', { name: 'Turn off' })
      .click();
    await confirmWithProvider();
    await page.getByText('Confirmed — your change is done.').waitFor();
    await card().getByText('Off', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  }, 120_000);

  it('deletes the account after the provider, from the dialog that opens again', async () => {
    await page.goto(`${product.url}/account/delete`);
    await outwaitFreshness();
    await page.getByRole('button', { name: 'Delete account…' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    // The dialog asks for a password first; the server says there is none, and it asks no more.
    await dialog.getByLabel('Password').fill('no password here');
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await dialog.getByText('Your account has no password.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await confirmWithProvider('/account/delete');
    dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('Confirmed — you can continue.').waitFor();
    await dialog.getByRole('button', { name: 'Delete account', exact: true }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    expect((await context.request.get(`${product.url}/api/auth/list-sessions`)).status()).toBe(401);
  }, 120_000);
});
