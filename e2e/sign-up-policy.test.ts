import { present } from '@gatehouse/core/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

/** The operator's admin: with sign-up restricted, the first organization comes from them. */
const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
const INVITEE = { name: 'Grace Hopper', email: 'grace@example.com', password: 'grace password 1' };

/** The pages say what `SIGN_UP` allows, and the server refuses what it does not. */
describe.each(['invite-only', 'closed'] as const)('SIGN_UP=%s in a browser', (policy) => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ env: { SIGN_UP: policy }, admins: [ADMIN] });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('the sign-in and sign-up pages explain it', async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    if (policy === 'closed') {
      await page.getByText('This server does not create new accounts.').waitFor();
      expect(await page.getByRole('link', { name: /Create/ }).count()).toBe(0);
    } else {
      await page.getByRole('link', { name: 'Create your account' }).click();
    }
    await page.goto(`${product.url}/sign-up`);
    await screenshot(page, `sign-up-policy-${policy}`);
    if (policy === 'closed') {
      await page.getByRole('heading', { name: 'Sign-up is closed' }).waitFor();
      expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
      return;
    }
    await page.getByText('Sign-up is by invitation only').waitFor();
    // An address nobody invited is refused by the server, and the page says why.
    await page.getByLabel('Name').fill('Nobody');
    await page.getByLabel('Email').fill('uninvited@example.com');
    await page.getByLabel('Password', { exact: true }).fill('a long enough secret');
    await page.getByLabel('Confirm password').fill('a long enough secret');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByText('This server is invitation only: ask an organization to invite this address.')
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-up');
    await page.close();
  }, 60_000);

  it(policy === 'invite-only'
    ? 'an invited address signs up from the invitation and lands in the organization'
    : 'an invitation does not open sign-up: the invited person is only offered to sign in', async () => {
    // The admin creates an organization and invites an address that has no account.
    const admin = await browser.newContext();
    await postAs(admin, product.url, '/sign-in/email', ADMIN);
    await postAs(admin, product.url, '/organization/create', { name: 'Acme Rockets', slug: 'acme-rockets' });
    await postAs(admin, product.url, '/organization/invite-member', { email: INVITEE.email, role: 'member' });
    await admin.close();
    const [link] = await product.mailLinks(INVITEE.email);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(present(link));
    await page.getByRole('heading', { name: 'Join Acme Rockets', level: 1 }).waitFor();
    if (policy === 'closed') {
      expect(await page.getByRole('link', { name: 'Create account' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
      await context.close();
      return;
    }
    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByText('Sign-up is by invitation only').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(INVITEE.email);
    await page.getByLabel('Name').fill(INVITEE.name);
    await page.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await page.getByLabel('Confirm password').fill(INVITEE.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    // Signed up and back at the invitation, which the new account accepts.
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(/\/organization\/members$/);
    await page.getByRole('heading', { name: 'Acme Rockets', exact: true, level: 1 }).waitFor();
    await page.getByRole('cell', { name: /Grace Hopper/ }).waitFor();
    await screenshot(page, 'sign-up-policy-invite-only-member');
    await context.close();
  }, 90_000);
});
