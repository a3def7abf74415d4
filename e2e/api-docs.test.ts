import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { watchCspViolations } from './support/csp-violations.ts';
import { type Product, startProduct } from './support/product.ts';

const PERSON = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'ada password 1' };

/**
 * The API reference in Chromium against the real product: it reads the engine's own OpenAPI
 * document, finds a route by filtering, opens at a deep link, and "Try it" calls the API with the
 * browser's session. Its look (widths, themes, axe-core) is checked by the screen sweep
 * (e2e/screens.test.ts, and the "Try it" confirmation in e2e/screens-dialogs.test.ts).
 */
describe('the API reference page', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  /** Every Content-Security-Policy violation the page met, through every test. */
  const violations: string[] = [];

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
    context = await browser.newContext();
    await watchCspViolations(context, violations);
    const signUp = await context.request.post(`${product.url}/api/auth/sign-up/email`, {
      data: PERSON,
      headers: { origin: product.url },
    });
    expect(signUp.status()).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('is linked from the footer and finds /sign-in/email with its example and error answers', async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/account`);
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/docs/api');
    await page.getByLabel('Filter operations').fill('/sign-in/email');
    const card = page.locator('article#signInEmail');
    await card.getByRole('link', { name: '/sign-in/email' }).waitFor();
    expect(await page.locator('article').count()).toBe(1);
    const example = JSON.parse((await card.locator('pre').first().textContent()) ?? '');
    expect(example).toMatchObject({ email: 'user@example.com', password: expect.any(String) });
    await expect.poll(() => card.textContent()).toContain('INVALID_EMAIL_OR_PASSWORD');
    expect(await card.textContent()).toContain('Sign in with an email address and a password');
    // Under its feature's heading, with the feature's description.
    const group = page.locator('section', { has: page.getByRole('heading', { level: 2 }) });
    expect(await group.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Email and password']);
    expect(await group.textContent()).toContain('Sign-up, sign-in and sign-out with an email address');
    await page.close();
  });

  it('shows the features of the document in its order, each described, and every summary', async () => {
    const document = (await (await context.request.get(`${product.url}/api/auth/openapi.json`)).json()) as {
      tags: { name: string; description: string }[];
      paths: Record<string, Record<string, { operationId: string; summary: string; tags: string[] }>>;
    };
    const page = await context.newPage();
    await page.goto(`${product.url}/docs/api`);
    await page.locator('article#getSession').waitFor();
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(document.tags.map((tag) => tag.name));
    expect(headings).toEqual(expect.arrayContaining(['Email and password', 'Sessions', 'Passkeys', 'Admin']));
    // Each card sits in its feature's section and carries its summary.
    const shown = await page.locator('section').evaluateAll((sections) =>
      sections.flatMap((section) =>
        [...section.querySelectorAll('article')].map((article) => ({
          id: article.id,
          group: section.querySelector('h2')?.textContent,
          text: article.textContent ?? '',
        })),
      ),
    );
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(shown).toHaveLength(operations.length);
    for (const operation of operations) {
      const card = shown.find((entry) => entry.id === operation.operationId);
      expect(card?.group, operation.operationId).toBe(operation.tags[0]);
      expect(card?.text, operation.operationId).toContain(operation.summary);
    }
    for (const tag of document.tags)
      expect(await page.locator('section').filter({ hasText: tag.description }).count(), tag.name).toBe(1);
    // The contents link to each feature's heading.
    await page.getByRole('navigation', { name: 'Features' }).getByRole('link', { name: 'Passkeys' }).click();
    expect(new URL(page.url()).hash).toBe('#group-passkeys');
    await page.close();
  });

  it('opens at a deep link and tries GET /get-session signed in', async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/docs/api#getSession`);
    const card = page.locator('article#getSession');
    await card.getByRole('button', { name: 'Try it' }).click();
    await card.getByText('Answer: 200').waitFor();
    const answer = JSON.parse((await card.locator('pre').last().textContent()) ?? '');
    expect(answer.user.email).toBe(PERSON.email);
    expect(typeof answer.session.id).toBe('string');
    await page.close();
  });

  it('sends a POST only after confirming, and shows the refusal', async () => {
    const page = await context.newPage();
    await page.goto(`${product.url}/docs/api#signInEmail`);
    const card = page.locator('article#signInEmail');
    await card
      .getByLabel('Body to send')
      .fill(JSON.stringify({ email: PERSON.email, password: 'wrong password 1' }));
    await card.getByRole('button', { name: 'Try it' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send POST /sign-in/email?' });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await card.getByText('Answer: 401').waitFor();
    expect((await card.locator('pre').last().textContent()) ?? '').toContain('INVALID_EMAIL_OR_PASSWORD');
    await page.close();
  });

  it('met no Content-Security-Policy violation, under a policy that does refuse inline script', async () => {
    expect(violations).toEqual([]);
    // The same watch in a profile of its own sees the policy refuse a script written into the page.
    const other = await browser.newContext();
    const seen: string[] = [];
    await watchCspViolations(other, seen);
    const page = await other.newPage();
    await page.goto(`${product.url}/docs/api`);
    await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "yes"';
      document.head.append(script);
      return document.body.dataset.injected ?? 'no';
    });
    expect(ran).toBe('no');
    await expect
      .poll(() => seen)
      .toEqual([expect.stringMatching(/script-src-elem blocked inline at \/docs\/api$/)]);
    await other.close();
  });
});
