import { connectDatabase, createAuth } from '@gatehouse/core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
const ORGANIZATION = 'Acme Rockets';
/** More than get-full-organization's 100, so only the server can search and page them. */
const PEOPLE = 150;
const pad = (n: number) => String(n).padStart(3, '0');

/** Elements reaching past the right edge, to say what makes a page scroll sideways. */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const overflow = Math.max(0, scroller.scrollWidth - window.innerWidth);
    const culprits = overflow
      ? [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 8)
          .map(
            (element) =>
              `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
          )
      : [];
    return { overflow, culprits };
  });
}

/**
 * Members at scale in the real product, on one server: an organization of 151 members searched and paged
 * by the server at 1280 and 390 px; choosing a tab moves focus to the tab's heading; the densest
 * screens in German and French fit 360 px; a pending invitation shows in the organization
 * switcher and joining from there works.
 */
describe('members at scale, tab focus, narrow German and French, the switcher’s invitations', () => {
  let product: Product;
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;

  const post = (path: string, data: object) => postAs(admin, product.url, path, data);

  /** 150 people: accounts made by the admin over HTTP, memberships added by the engine on the same database. */
  async function seedMembers(organizationId: string) {
    const ids: string[] = [];
    for (let start = 1; start <= PEOPLE; start += 15) {
      const batch = Array.from({ length: 15 }, (_, index) => start + index);
      const created = await Promise.all(
        batch.map((n) =>
          post('/admin/create-user', {
            name: `Person ${pad(n)}`,
            email: `person-${pad(n)}@scale.example`,
            data: { emailVerified: true },
          }),
        ),
      );
      ids.push(...created.map((answer: { user: { id: string } }) => answer.user.id));
    }
    // add-member is server-only (docs/protocol/organization.md#add-member): an engine of our own.
    const database = connectDatabase(product.databaseURL);
    const engine = createAuth({
      database,
      baseURL: product.url,
      secret: 'members-at-scale-seeding-secret-0123456789',
      organization: { enabled: true, membershipLimit: 500 },
    });
    for (const userId of ids)
      await engine.api.addMember({ body: { userId, role: 'member', organizationId } });
    await database.close();
  }

  beforeAll(async () => {
    product = await startProduct({ admins: [ADMIN], env: { ORGANIZATION_MEMBERSHIP_LIMIT: '500' } });
    browser = await launchChromium();
    admin = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    await post('/sign-in/email', ADMIN);
    // Creating makes it the admin's active organization.
    const organization = await post('/organization/create', { name: ORGANIZATION, slug: 'acme-rockets' });
    await seedMembers(organization.id);
    page = await admin.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const range = (text: string) => page.getByText(text, { exact: true }).waitFor();

  it('searches 151 members on the server and pages to the last one, at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${product.url}/organization/members`);
      await page.getByText('151 members', { exact: true }).waitFor();
      await range('1–20 of 151');

      const search = page.getByLabel('Search members');
      await search.fill('Person 137');
      await page.getByText('1 member matches “Person 137”', { exact: true }).waitFor();
      await page.getByText('person-137@scale.example', { exact: true }).waitFor();
      expect(await page.getByRole('table').getByRole('row').count()).toBe(2);
      await search.fill('');
      await range('1–20 of 151');

      // Next counts from the page asked for, so seven clicks reach the eighth page without waiting
      // for each page between; the second page is waited for once, to see paging at work.
      const next = page.getByRole('button', { name: /Next/ });
      await next.click();
      await range('21–40 of 151');
      for (let click = 0; click < 6; click += 1) await next.click();
      await range('141–151 of 151');
      await page.getByText('person-150@scale.example', { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /Next/ }).isDisabled()).toBe(true);
      expect(await sidewaysOverflow(page)).toEqual({ overflow: 0, culprits: [] });
      await screenshot(page, `members-at-scale-${width}-last-page`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('choosing a tab moves focus to the heading of what the tab shows', async () => {
    await page.goto(`${product.url}/organization/members`);
    await page.getByRole('heading', { name: ORGANIZATION, level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: 'Organization' })
      .getByRole('link', { name: 'Invitations' })
      .click();
    await page.waitForFunction(
      () =>
        document.activeElement?.tagName === 'H2' &&
        document.activeElement.textContent === 'Pending invitations',
    );
    await page
      .getByRole('navigation', { name: 'Organization' })
      .getByRole('link', { name: 'Members' })
      .click();
    await page.waitForFunction(
      () => document.activeElement?.tagName === 'H2' && document.activeElement.textContent === 'Members',
    );
  }, 60_000);

  it('German and French fit 360 px on sign-up, account security, organization members and admin users', async () => {
    for (const locale of ['de-DE', 'fr-FR']) {
      const context = await browser.newContext({ locale, viewport: { width: 360, height: 740 } });
      const narrow = await context.newPage();
      const check = async (path: string, ready: () => Promise<void>) => {
        await narrow.goto(`${product.url}${path}`);
        await narrow.locator('main h1').waitFor();
        await ready();
        expect(await narrow.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2));
        expect(await sidewaysOverflow(narrow), `${locale} ${path}`).toEqual({ overflow: 0, culprits: [] });
        await screenshot(narrow, `narrow-${locale.slice(0, 2)}${path.replaceAll('/', '-')}`);
      };
      await check('/sign-up', () => narrow.locator('form button[type="submit"]').waitFor());
      await postAs(context, product.url, '/sign-in/email', ADMIN);
      // A new session works in no organization until one is chosen.
      await postAs(context, product.url, '/organization/set-active', { organizationSlug: 'acme-rockets' });
      await check('/account/security', () => narrow.locator('main h2').nth(2).waitFor());
      await check('/organization/members', () =>
        narrow.getByText('person-001@scale.example', { exact: true }).waitFor(),
      );
      await check('/admin/users', () =>
        narrow
          .getByText('person-150@scale.example', { exact: true })
          .filter({ visible: true })
          .first()
          .waitFor(),
      );
      await context.close();
    }
  }, 120_000);

  it('a pending invitation shows in the organization switcher, and joining from it works', async () => {
    // Someone else's organization invites the admin.
    const olga = { name: 'Olga Owner', email: 'olga@example.com', password: 'olga password 1' };
    await post('/admin/create-user', { ...olga, data: { emailVerified: true } });
    const other = await browser.newContext();
    await postAs(other, product.url, '/sign-in/email', { email: olga.email, password: olga.password });
    await postAs(other, product.url, '/organization/create', { name: 'Initech', slug: 'initech' });
    await postAs(other, product.url, '/organization/invite-member', { email: ADMIN.email, role: 'admin' });
    await other.close();

    await page.goto(`${product.url}/account`);
    const switcher = page.getByRole('button', { name: /^Organization:/ });
    await switcher.filter({ hasText: '1 waiting' }).waitFor();
    await switcher.click();
    await screenshot(page, 'members-at-scale-switcher-invitation');
    await page.getByRole('menuitem', { name: 'Join Initech' }).click();
    await page.getByRole('heading', { name: 'Join Initech', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(/\/organization\/members$/);
    await page.getByRole('heading', { name: 'Initech', exact: true, level: 1 }).waitFor();
    // Answered: the switcher has nothing waiting any more, and Initech is where one works now.
    await switcher.filter({ hasText: 'Initech' }).waitFor();
    expect(await switcher.textContent()).not.toContain('waiting');
  }, 60_000);
});
