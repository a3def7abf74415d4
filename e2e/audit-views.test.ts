import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
const OWNER = { name: 'Olga Owner', email: 'olga@example.com', password: 'olga password 1' };
const WRONG_PASSWORD = 'not olgas password 7';
/** A second browser of the owner's, told apart on the Sessions page by its user agent. */
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/**
 * The audit log's tables in Chromium, on one server: an organization owner filters the Activity tab
 * and downloads it as CSV, an admin filters the Audit log and downloads it as NDJSON (each file
 * holds exactly the filtered events and no session token or password), and the Sessions page
 * lists under each device the events done from that device only.
 */
describe('the audit views in a browser', () => {
  let product: Product;
  let browser: Browser;
  let owner: BrowserContext;
  let ownerPage: Page;

  beforeAll(async () => {
    product = await startProduct({ admins: [ADMIN] });
    browser = await launchChromium();
    owner = await browser.newContext();
    const post = (path: string, data: object) => postAs(owner, product.url, path, data);
    await post('/sign-up/email', OWNER);
    // Creating makes it the active organization; two invitations, one of them withdrawn, give
    // the log events of several types to filter.
    await post('/organization/create', { name: 'Acme Rockets', slug: 'acme-rockets' });
    await post('/organization/invite-member', { email: 'grace@example.com', role: 'member' });
    const { id } = (await post('/organization/invite-member', {
      email: 'alan@example.com',
      role: 'admin',
    })) as {
      id: string;
    };
    await post('/organization/cancel-invitation', { invitationId: id });
    ownerPage = await owner.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** The type names of the table's rows, once they are exactly `expected` (the filter applied). */
  const expectRowTypes = (page: Page, expected: string[]) =>
    expect
      .poll(() => page.locator('table tbody code').allInnerTexts(), { timeout: 10_000 })
      .toEqual(expected);

  /** Clicks a download link and answers the saved file's text. */
  const download = async (page: Page, link: string) => {
    // Listening before the click: the download can start before the click call returns.
    const started = page.waitForEvent('download');
    await page.getByRole('link', { name: link }).click();
    const file = await started;
    const path = await file.path();
    return readFileSync(path, 'utf8');
  };

  /** The session cookie's value: a file that leaked it would carry a live credential. */
  const sessionToken = async (context: BrowserContext) => {
    const cookie = (await context.cookies()).find((each) => each.name.endsWith('session_token'));
    if (!cookie) throw new Error('no session cookie');
    return decodeURIComponent(cookie.value).split('.')[0] ?? cookie.value;
  };

  it('filters the organization’s activity by type and exports just those events as CSV', async () => {
    const page = ownerPage;
    await page.goto(`${product.url}/organization/activity`);
    const table = page.getByRole('table');
    await table.getByText('Organization created').waitFor();
    await table.getByText('Invitation canceled').waitFor();

    await page.getByLabel('Event type').fill('organization.invitation_created');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectRowTypes(page, ['organization.invitation_created', 'organization.invitation_created']);
    expect(await table.getByText('Invitation sent').count()).toBe(2);
    expect(await table.textContent()).not.toContain('Organization created');
    await screenshot(page, 'audit-organization-activity');

    const csv = await download(page, 'Export CSV');
    const [header, ...records] = csv.split('\r\n').filter((line) => line !== '');
    expect(header?.split(',').slice(0, 4)).toEqual(['id', 'type', 'occurredAt', 'outcome']);
    // Neither id nor type can hold a comma, so the second field is the type.
    expect(records.map((record) => record.split(',')[1])).toEqual([
      'organization.invitation_created',
      'organization.invitation_created',
    ]);
    expect(csv).toContain(OWNER.email);
    expect(csv).not.toContain(OWNER.password);
    expect(csv).not.toContain(await sessionToken(owner));

    // The download is itself on the record.
    await page.getByLabel('Event type').fill('organization.audit_exported');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectRowTypes(page, ['organization.audit_exported']);
    await table.getByText('Activity exported').waitFor();
  }, 60_000);

  it('filters the admin audit log to failed user events and exports them as NDJSON', async () => {
    // One refused sign-in, from a browser with no session.
    const stranger = await browser.newContext();
    const refused = await stranger.request.post(`${product.url}/api/auth/sign-in/email`, {
      data: { email: OWNER.email, password: WRONG_PASSWORD },
      headers: { origin: product.url },
    });
    expect(refused.status()).toBe(401);
    await stranger.close();

    const admin = await browser.newContext();
    await postAs(admin, product.url, '/sign-in/email', ADMIN);
    const page = await admin.newPage();
    await page.goto(`${product.url}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const table = page.getByRole('table');
    // Unfiltered, the log holds every kind: the organization's events and the sign-ins.
    await table.getByText('Organization created').waitFor();

    await page.getByLabel('Event type').fill('user.*');
    await page.getByLabel('Outcome', { exact: true }).selectOption('failure');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expectRowTypes(page, ['user.sign_in_failed']);
    const row = table.getByRole('row').filter({ hasText: 'Sign-in failed' });
    await row.getByText('Failure', { exact: true }).waitFor();
    expect(await table.textContent()).not.toContain('Organization created');
    await screenshot(page, 'audit-admin-log');

    const ndjson = await download(page, 'Export NDJSON');
    const events = ndjson
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { type: string; outcome: string; errorCode: string | null });
    expect(events.map((event) => [event.type, event.outcome])).toEqual([['user.sign_in_failed', 'failure']]);
    expect(events[0]?.errorCode).toMatch(/^[A-Z_]+$/);
    expect(ndjson).not.toContain(WRONG_PASSWORD);
    expect(ndjson).not.toContain(await sessionToken(admin));
    await admin.close();
  }, 60_000);

  it('lists under each signed-in device the events done from that device', async () => {
    // The owner's second browser signs in and changes the profile from there.
    const firefox = await browser.newContext({ userAgent: FIREFOX });
    await postAs(firefox, product.url, '/sign-in/email', OWNER);
    await postAs(firefox, product.url, '/update-user', { name: 'Olga O.' });

    const page = ownerPage;
    await page.goto(`${product.url}/account/sessions`);
    // This device first, then the other one.
    const recent = page.getByRole('region', { name: 'Recent activity on this device' });
    await expect.poll(() => recent.count(), { timeout: 10_000 }).toBe(2);
    const here = recent.nth(0);
    const there = recent.nth(1);
    await here.getByText('Invitation canceled', { exact: true }).waitFor();
    await here.getByText('Invitation sent', { exact: true }).first().waitFor();
    await there.getByText('Profile updated', { exact: true }).waitFor();
    await there.getByText('Signed in (password)', { exact: true }).waitFor();
    expect(await here.textContent()).not.toContain('Profile updated');
    const thereText = await there.textContent();
    for (const elsewhere of ['Invitation', 'Organization created', 'Activity exported'])
      expect(thereText).not.toContain(elsewhere);
    await page.getByRole('heading', { name: /^Firefox/ }).waitFor();
    await screenshot(page, 'audit-sessions-recent-events');
    await firefox.close();
  }, 60_000);
});
