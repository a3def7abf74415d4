import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

/**
 * The app in German and French, in Debian's Chromium: the language picked in the menu changes the
 * signed-out and account pages, and stays picked after a reload; a German browser gets German on
 * its first visit.
 */
describe('languages in a browser', () => {
  let product: Product;
  let browser: Browser;

  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const heading = (page: Page, name: string) =>
    page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const pick = async (page: Page, menu: RegExp, language: string) => {
    await page.getByRole('button', { name: menu }).click();
    await page.getByRole('menuitemradio', { name: language }).click();
  };

  it('picks German, then French, and each sticks across a reload', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${product.url}/sign-in`);
    await heading(page, 'Sign in');

    await pick(page, /Theme/, 'Deutsch');
    await heading(page, 'Anmelden');
    await page.getByLabel('E-Mail-Adresse').waitFor();
    await page.getByRole('link', { name: 'Passwort vergessen?' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.reload();
    await heading(page, 'Anmelden');
    await screenshot(page, 'languages-01-sign-in-de');

    await page.goto(`${product.url}/sign-up`);
    await heading(page, 'Konto erstellen');
    await page.getByText('8 bis 128 Zeichen.').waitFor();
    const password = 'ein recht langes Passwort';
    await page.getByLabel('Name').fill('Lise Meitner');
    await page.getByLabel('E-Mail-Adresse').fill(`lise-${Date.now()}@example.com`);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByLabel('Passwort bestätigen').fill(password);
    await page.getByRole('button', { name: 'Konto erstellen' }).click();

    await heading(page, 'Profil');
    await page.getByText('Ihre Angaben').waitFor();
    await page.getByRole('button', { name: 'Profil speichern' }).waitFor();
    await page.goto(`${product.url}/account/security`);
    await heading(page, 'Sicherheit');
    await page.getByRole('button', { name: 'Passwort ändern' }).waitFor();
    await page.goto(`${product.url}/account/sessions`);
    await heading(page, 'Sitzungen');
    await page.getByText('Dieses Gerät', { exact: true }).waitFor();
    await page.getByText('Zuletzt aktiv').waitFor();
    await screenshot(page, 'languages-02-sessions-de');

    await pick(page, /Kontomenü/, 'Français');
    await page.getByText('Cet appareil', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Où vous êtes connecté' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    await page.reload();
    await page.getByText('Dernière activité').waitFor();
    await page.getByRole('button', { name: 'Se déconnecter partout' }).waitFor();
    await screenshot(page, 'languages-03-sessions-fr');
    await page.goto(`${product.url}/account`);
    await page.getByText('Vos informations').waitFor();
    await page.goto(`${product.url}/account/security`);
    await heading(page, 'Sécurité');
    await page.getByRole('button', { name: 'Changer de mot de passe' }).waitFor();

    await page.getByRole('button', { name: /Menu du compte/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
    await page.goto(`${product.url}/sign-in`);
    await heading(page, 'Se connecter');
    await page.getByLabel('Adresse e-mail').waitFor();
    await page.goto(`${product.url}/sign-up`);
    await heading(page, 'Créez votre compte');
    await screenshot(page, 'languages-04-sign-up-fr');
    await context.close();
  }, 120_000);

  it('gives a German browser German on its first visit', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${product.url}/sign-in`);
    await heading(page, 'Anmelden');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.title()).toBe('Anmelden · Gatehouse');
    await context.close();
  }, 60_000);
});
