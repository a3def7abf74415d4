import { present } from '@gatehouse/core/testing';
import type { OidcTestProvider } from '@gatehouse/core/testing/oidc';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authenticator } from './support/authenticator.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import type { Product } from './support/product.ts';
import { startProductWithProvider } from './support/product-with-provider.ts';

const PROVIDER = 'Test ID';

/**
 * Two-factor for a person who signs in only through a provider (no password): they turn it on
 * with their recent sign-in instead of a password (README, D7), and the provider's sign-in then
 * stops at the second step, which offers every kind of code and goes on to where they were going.
 */
describe('two-factor after a social sign-in', () => {
  let provider: OidcTestProvider;
  let product: Product;
  let browser: Browser;
  const hedy = { login: `hedy-${Date.now()}`, email: `hedy-${Date.now()}@example.com`, name: 'Hedy Lamarr' };

  beforeAll(async () => {
    ({ product, provider } = await startProductWithProvider({ providerName: PROVIDER, people: [hedy] }));
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await provider?.close();
  });

  /** From the sign-in page (asking to go to `next`) through the provider's login and consent. */
  const signInWithProvider = async (page: Page, next: string) => {
    await page.goto(`${product.url}/sign-in?next=${encodeURIComponent(next)}`);
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(hedy.login);
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.waitForURL((url) => url.origin === product.url);
  };

  it('turns it on without a password, then asks for a code after the provider', async () => {
    const first = await browser.newContext();
    const page = await first.newPage();
    await signInWithProvider(page, '/account/security');
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByText('Your account has no password.', { exact: false }).waitFor();
    expect(await dialog.getByLabel('Password', { exact: true }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const secret = present(await card.getByTestId('totp-secret').textContent()).replace(/\s+/g, '');
    const app = new Authenticator(secret);
    await card.getByLabel('Code from the app').fill(await app.nextCode());
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await first.close();

    const second = await browser.newContext();
    const next = await second.newPage();
    await signInWithProvider(next, '/account/sessions');
    await next.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    const landed = new URL(next.url());
    expect(landed.pathname).toBe('/sign-in/two-factor');
    expect(landed.searchParams.get('callbackURL')).toMatch(/\/account\/sessions$/);
    // Arriving from the provider, the page does not know the methods: it offers every kind.
    await next.getByRole('button', { name: 'Email me a code instead' }).waitFor();
    await next.getByRole('button', { name: 'Use a backup code' }).waitFor();
    await screenshot(next, 'two-factor-05-after-provider');
    await next.getByLabel('Code from your authenticator app').fill(await app.nextCode());
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.getByRole('heading', { name: 'Sessions' }).waitFor();
    expect(new URL(next.url()).pathname).toBe('/account/sessions');
    await second.close();
  }, 120_000);
});
