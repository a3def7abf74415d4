import { present } from '@gatehouse/core/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authenticator } from './support/authenticator.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

const ADA = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'ada password 1' };
const OLGA = { name: 'Olga Owner', email: 'olga@example.com', password: 'olga password 1' };
const MEL = { name: 'Mel Member', email: 'mel@example.com', password: 'mel password 1' };

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools protocol), and the organization
 * two-factor policy. WebAuthn's relying party id must be a domain, not an IP address, so the
 * product runs with BASE_URL http://localhost:<port> (a secure context) and the pages are opened
 * there.
 */
describe('passkeys and the organization two-factor policy', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct({ host: 'localhost' });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const post = async (context: BrowserContext, path: string, data: object) => {
    const response = await context.request.post(`${product.url}/api/auth${path}`, {
      data,
      headers: { origin: product.url },
    });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return response.json();
  };

  const signUp = async (person: typeof ADA) => {
    const context = await browser.newContext();
    await post(context, '/sign-up/email', person);
    return context;
  };

  /** Signs out over the API (the menu's sign-out is covered by the other suites), then waits for the cookie to be gone. */
  const signOut = async (page: Page) => {
    await post(page.context(), '/sign-out', {});
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name.includes('session_token')))
      .toBe(false);
  };

  it('registers a passkey, signs in with it (button and autofill), renames and deletes it', async () => {
    const context = await signUp(ADA);
    const page = await context.newPage();
    await addVirtualAuthenticator(context, page);

    await page.goto(`${product.url}/account/security`);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('No passkeys yet.').waitFor();
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const add = page.getByRole('dialog', { name: 'Add a passkey' });
    // The name starts as this browser and system.
    expect(await add.getByLabel('Name').inputValue()).toMatch(/Chrome/);
    await add.getByLabel('Name').fill('Test key');
    await add.getByRole('button', { name: 'Create passkey' }).click();
    await add.waitFor({ state: 'detached' });
    const item = card.getByRole('listitem').filter({ hasText: 'Test key' });
    await item.waitFor();
    await item.getByText('Not used yet').waitFor();
    await screenshot(page, 'passkeys-01-added');

    // Sign out, then in with the passkey button: no email, no password. Chromium's virtual
    // authenticator answers the autofill request at once, which would sign in before the button
    // is pressed; the page is told autofill is unavailable for this part (a flag the init script reads).
    await page.addInitScript(() => {
      if (localStorage.getItem('test:no-passkey-autofill') && window.PublicKeyCredential)
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await page.evaluate(() => localStorage.setItem('test:no-passkey-autofill', '1'));
    await signOut(page);
    await page.goto(`${product.url}/sign-in`);
    expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    // Passkey autofill: where the browser offers it, choosing the passkey signs in by itself.
    await page.evaluate(() => localStorage.removeItem('test:no-passkey-autofill'));
    await signOut(page);
    await page.goto(`${product.url}/sign-in`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();

    await page.goto(`${product.url}/account/security`);
    await item.getByText(/^.*Last used/).waitFor();

    await item.getByRole('button', { name: 'Rename: Test key' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByLabel('Name').fill('Laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await rename.waitFor({ state: 'detached' });
    const renamed = card.getByRole('listitem').filter({ hasText: 'Laptop' });
    await renamed.waitFor();

    await renamed.getByRole('button', { name: 'Delete: Laptop' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete “Laptop”?' });
    await remove.getByRole('button', { name: 'Delete' }).click();
    await remove.waitFor({ state: 'detached' });
    await card.getByText('No passkeys yet.').waitFor();
    await context.close();
  }, 120_000);

  it('sends a member without two-factor to Security once the owner requires it, and back once set up', async () => {
    // Olga owns Acme and has two-factor on (enrolled over the API as the Security page would).
    const owner = await signUp(OLGA);
    const organization = (await post(owner, '/organization/create', { name: 'Acme', slug: 'acme' })) as {
      id: string;
    };
    await post(owner, '/organization/set-active', { organizationId: organization.id });
    const invitation = (await post(owner, '/organization/invite-member', {
      email: MEL.email,
      role: 'member',
      organizationId: organization.id,
    })) as { id: string };
    const { totpURI } = (await post(owner, '/two-factor/enable', { password: OLGA.password })) as {
      totpURI: string;
    };
    const app = new Authenticator(present(new URL(totpURI).searchParams.get('secret')));
    await post(owner, '/two-factor/verify-totp', { code: await app.nextCode() });

    // Mel joins while the policy is off.
    const member = await signUp(MEL);
    await post(member, '/organization/accept-invitation', { invitationId: invitation.id });
    await post(member, '/organization/set-active', { organizationId: organization.id });

    // Olga turns the policy on from the Settings tab.
    const ownerPage = await owner.newPage();
    await ownerPage.goto(`${product.url}/organization/settings`);
    const policy = ownerPage.getByRole('switch', { name: 'Require two-factor authentication for members' });
    await expect.poll(() => policy.getAttribute('aria-checked')).toBe('false');
    await policy.click();
    await expect.poll(() => policy.getAttribute('aria-checked')).toBe('true');
    await screenshot(ownerPage, 'passkeys-02-org-policy');

    // Mel opens the organization and lands on Security, told why.
    const memberPage = await member.newPage();
    await memberPage.goto(`${product.url}/organization/members`);
    await memberPage
      .getByText('Acme requires two-factor authentication. Turn it on below to continue.')
      .waitFor();
    expect(new URL(memberPage.url()).pathname).toBe('/account/security');
    await screenshot(memberPage, 'passkeys-03-org-requires-two-factor');

    // Once Mel has two-factor on, the page leads back into Acme.
    const mine = (await post(member, '/two-factor/enable', { password: MEL.password })) as {
      totpURI: string;
    };
    const melApp = new Authenticator(present(new URL(mine.totpURI).searchParams.get('secret')));
    await post(member, '/two-factor/verify-totp', { code: await melApp.nextCode() });
    await memberPage.reload();
    await memberPage.getByRole('button', { name: 'Back to Acme' }).click();
    await memberPage.getByRole('heading', { name: 'Acme', exact: true }).waitFor();
    expect(new URL(memberPage.url()).pathname).toBe('/organization/members');
    await owner.close();
    await member.close();
  }, 120_000);
});
