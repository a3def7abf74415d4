import { present } from '@gatehouse/core/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const OWNER = { name: 'Olga Owner', email: 'olga@example.com', password: 'olga password 1' };
const INVITEE = { name: 'Grace Hopper', email: 'grace@example.com', password: 'grace password 1' };

/**
 * A person without an account follows an invitation email, on a server that requires verified
 * addresses: the page says who invites them to what, sign-up starts with the invited address, and
 * the verification link brings them back to the invitation to accept it.
 */
describe('the invitation landing for a person without an account', () => {
  let product: Product;
  let browser: Browser;
  let invitationLink: string;

  /** The owner, set up over HTTP as any client would: sign up, verify, sign in, create, invite. */
  async function ownerInvites(): Promise<string> {
    const post = (path: string, body: unknown, cookie = '') =>
      fetch(`${product.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: product.url, cookie },
        body: JSON.stringify(body),
      });
    expect((await post('/sign-up/email', OWNER)).status).toBe(200);
    const [verify] = await product.mailLinks(OWNER.email);
    expect((await fetch(present(verify), { redirect: 'manual' })).status).toBe(302);
    const signIn = await post('/sign-in/email', { email: OWNER.email, password: OWNER.password });
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const org = (await (
      await post('/organization/create', { name: 'Acme Rockets', slug: 'acme-rockets' }, cookie)
    ).json()) as {
      id: string;
    };
    const invited = await post(
      '/organization/invite-member',
      { organizationId: org.id, email: INVITEE.email, role: 'admin' },
      cookie,
    );
    expect(invited.status).toBe(200);
    const [link] = await product.mailLinks(INVITEE.email);
    return present(link);
  }

  beforeAll(async () => {
    product = await startProduct({ env: { REQUIRE_EMAIL_VERIFICATION: 'true' } });
    browser = await launchChromium();
    invitationLink = await ownerInvites();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('goes from the email to membership, through sign-up and verification', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(invitationLink);
    await page.getByRole('heading', { name: 'Join Acme Rockets', level: 1 }).waitFor();
    expect(await page.locator('main').textContent()).toContain(
      `Olga Owner invited ${INVITEE.email} to join Acme Rockets as Admin.`,
    );
    await screenshot(page, 'invitation-landing-01-signed-out');

    await page.getByRole('link', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(INVITEE.email);
    await page.getByLabel('Name').fill(INVITEE.name);
    await page.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await page.getByLabel('Confirm password').fill(INVITEE.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // The verification email's link verifies and comes back with the way on to the invitation.
    const [verify] = await product.mailLinks(INVITEE.email);
    expect(verify).toContain('/verify-email');
    await page.goto(present(verify));
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to continue' }).click();
    await page.getByLabel('Email').fill(INVITEE.email);
    await page.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await page.getByRole('heading', { name: 'Join Acme Rockets', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe(new URL(invitationLink).pathname);
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByRole('heading', { name: 'Acme Rockets', exact: true }).waitFor();
    await page
      .getByRole('cell', { name: /Olga Owner/ })
      .first()
      .waitFor();
    await screenshot(page, 'invitation-landing-02-member');
    await context.close();
  }, 120_000);

  it('a link that no longer works says so without an account', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${product.url}/accept-invitation/${'x'.repeat(32)}`);
    await page.getByRole('heading', { name: 'This invitation cannot be opened', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Create account' }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
