import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

/**
 * The language picked in the web app reaches the emails its calls cause: Chromium lets the app set
 * Accept-Language on its fetches (lib/auth-client.ts), and the server writes the message in it.
 */
describe('the language picked in the app writes the emails', () => {
  let product: Product;
  let browser: Browser;
  const email = `sprache-${Date.now()}@example.com`;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
    const signUp = await fetch(`${product.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url },
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'Jeanne' }),
    });
    expect(signUp.status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('a browser set to English, with French picked in the app, gets a French reset email', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    // As if the person had picked Français in the menu on an earlier visit (i18n/language.ts).
    await context.addInitScript(() => localStorage.setItem('language', 'fr'));
    const page = await context.newPage();
    const sent = page.waitForRequest((request) => request.url().endsWith('/request-password-reset'));
    await page.goto(`${product.url}/forgot-password`);
    await page.locator('input[type="email"]').fill(email);
    await page.locator('button[type="submit"]').click();
    expect((await sent).headers()['accept-language']).toBe('fr');

    let message: { subject: string; html: string } | undefined;
    for (let i = 0; i < 50 && !message; i++) {
      const response = await fetch(`${product.url}/dev/outbox`);
      const { messages } = (await response.json()) as {
        messages: { to: string; kind: string; subject: string; html: string }[];
      };
      message = messages.find((m) => m.to === email && m.kind === 'password-reset');
      if (!message) await page.waitForTimeout(100);
    }
    expect(message?.subject).toBe('Réinitialisez votre mot de passe');
    expect(message?.html).toContain('<html lang="fr">');
    await context.close();
  }, 60_000);
});
