import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { launchChromium, reportPageOnFailure, screenshot } from './support/browser.ts';
import { watchCspViolations } from './support/csp-violations.ts';
import { type Product, startProduct } from './support/product.ts';

const PERSON = { name: 'Kai Keys', email: 'kai@example.com', password: 'kai password 1' };
const KEY_NAME = 'Team robot';

/**
 * A limited personal API key from the screen to the wire, in Debian's Chromium: made in Account →
 * API keys with one scope (packages/core/src/features/api-key/README.md, K9), shown once and
 * copied, then sent as `x-api-key` by a script (Node's fetch, no cookies): get-session serves any
 * key, a personal route outside its scopes refuses it, and once revoked in the screen it is refused
 * everywhere.
 */
describe('an API key’s journey: made limited in the screen, used, revoked', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page | undefined;
  let secret = '';
  const violations: string[] = [];

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
    const signUp = await browser.newContext();
    await postAs(signUp, product.url, '/sign-up/email', PERSON);
    await signUp.close();
    context = await browser.newContext();
    await watchCspViolations(context, violations);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  reportPageOnFailure(() => page);

  /** The key sent as a script would: the header only, no cookie, no origin. */
  const withKey = (key: string, path: string, init: RequestInit = {}) =>
    fetch(`${product.url}/api/auth${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', 'x-api-key': key },
    });

  it('signs in and creates a key limited to one scope, shown once and copied', async () => {
    page = await context.newPage();
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email').fill(PERSON.email);
    await page.getByLabel('Password', { exact: true }).fill(PERSON.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    await page.goto(`${product.url}/account/api-keys`);
    await page.getByText('No API keys yet.').waitFor();
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill(KEY_NAME);
    await dialog.getByRole('radio', { name: 'Limited' }).check();
    await dialog.getByRole('checkbox', { name: 'Teams: Create' }).check();
    await screenshot(page, 'api-keys/01-create-limited');
    await dialog.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await shown.getByText('You will not see this key again', { exact: false }).waitFor();
    secret = (await shown.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/gth_[A-Za-z0-9]{62}$/);
    await shown.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('API key copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(page, 'api-keys/02-shown-once');
    await shown.getByRole('button', { name: 'Close' }).last().click();
    await shown.waitFor({ state: 'detached' });

    // Gone from the page once the dialog closes; the row says what the key may do.
    const row = page
      .getByRole('list', { name: 'API keys' })
      .getByRole('listitem')
      .filter({ hasText: KEY_NAME });
    await row.getByText('Limited to Teams: Create').waitFor();
    expect(await page.content()).not.toContain(secret);
    await screenshot(page, 'api-keys/03-listed');
  }, 60_000);

  it('is served by get-session and refused 403 outside its scopes', async () => {
    const session = await withKey(secret, '/get-session');
    expect(session.status).toBe(200);
    const body = (await session.json()) as { user: { email: string } };
    expect(body.user.email).toBe(PERSON.email);

    const outside = await withKey(secret, '/update-user', {
      method: 'POST',
      body: JSON.stringify({ name: 'Changed by a key' }),
    });
    expect(outside.status).toBe(403);
    expect(((await outside.json()) as { code: string }).code).toBe('API_KEY_SCOPE_DENIED');
    // Nothing changed: the name is still the person's own.
    const after = (await (await withKey(secret, '/get-session')).json()) as { user: { name: string } };
    expect(after.user.name).toBe(PERSON.name);
  });

  it('is revoked in the screen, and then refused with 401', async () => {
    const current = page as Page;
    await current.reload();
    await current.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
    const confirm = current.getByRole('dialog', { name: `Revoke “${KEY_NAME}”?` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await current.getByText(`API key “${KEY_NAME}” revoked.`).waitFor();
    await current.getByText('No API keys yet.').waitFor();

    const refused = await withKey(secret, '/get-session');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('INVALID_API_KEY');
    expect(violations).toEqual([]);
  }, 60_000);
});
