import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
const ORGANIZATION = 'Acme Rockets';
const INVITEE = 'grace@example.com';

/** The words each screen must show in each language, so a screen left in English fails here. */
const WORDS = {
  de: {
    members: ['Mitglieder', 'Mitglieder suchen', 'Beigetreten', 'Inhaber', 'Sie', 'Mitglied einladen…'],
    invitations: [
      'Offene Einladungen',
      'Link kopieren',
      'Erneut senden',
      'Zurückziehen',
      'Mitglied · läuft ab am',
    ],
    settings: ['Änderungen speichern', 'Organisation verlassen…', 'Organisation löschen…', 'Ihre Rolle:'],
    users: ['Benutzer', 'Benutzer anlegen', 'Suchen nach', 'Anzeigen', 'Rolle'],
    user: ['Profil speichern', 'Passwort und Zugang', 'Benutzer sperren…', 'Das sind Sie.', 'Organisationen'],
  },
  fr: {
    members: ['Membres', 'Rechercher des membres', 'Arrivée', 'Propriétaire', 'Vous', 'Inviter un membre…'],
    invitations: ['Invitations en attente', 'Copier le lien', 'Renvoyer', 'Annuler', 'Membre · expire le'],
    settings: [
      'Enregistrer les modifications',
      'Quitter l’organisation…',
      'Supprimer l’organisation…',
      'votre rôle :',
    ],
    users: ['Utilisateurs', 'Créer un utilisateur', 'Rechercher par', 'Afficher', 'Rôle'],
    user: [
      'Enregistrer le profil',
      'Mot de passe et accès',
      'Bannir l’utilisateur…',
      'C’est vous.',
      'Organisations',
    ],
  },
} as const;

/**
 * The organization and admin screens in German and French, in Chromium: German picked in the
 * account menu, French kept in storage as the picker leaves it. Each screen must show its words in
 * the language, and the page says which language it is in on <html lang>.
 */
describe('organization and admin screens in German and French', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const post = (path: string, data: object) => postAs(context, product.url, path, data);

  beforeAll(async () => {
    product = await startProduct({ admins: [ADMIN] });
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-US' });
    await post('/sign-in/email', ADMIN);
    // Creating makes it the active organization; the invitation fills the invitations page.
    await post('/organization/create', { name: ORGANIZATION, slug: 'acme-rockets' });
    await post('/organization/invite-member', { email: INVITEE, role: 'member' });
    page = await context.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /**
   * Opens a page and waits until every one of its words is shown, each as a whole text; with
   * `lastInSentence` the last one only begins a longer text.
   */
  const expectWords = async (path: string, words: readonly string[], { lastInSentence = false } = {}) => {
    await page.goto(`${product.url}${path}`);
    for (const [index, word] of words.entries()) {
      const exact = !(lastInSentence && index === words.length - 1);
      await page.getByText(word, { exact }).first().waitFor();
    }
  };

  const checkScreens = async (language: 'de' | 'fr') => {
    const words = WORDS[language];
    await expectWords('/organization/members', words.members);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.getByRole('heading', { name: ORGANIZATION, exact: true }).waitFor();
    await screenshot(page, `languages-${language}-members`);
    // The invitation row reads "Member · expires …" as one text: its beginning is looked for.
    await expectWords('/organization/invitations', words.invitations, { lastInSentence: true });
    await screenshot(page, `languages-${language}-invitations`);
    // The header's "your role:" is followed by the role in the same line.
    await expectWords('/organization/settings', words.settings, { lastInSentence: true });
    await expectWords('/admin/users', words.users);
    await screenshot(page, `languages-${language}-admin-users`);
    // The list holds the admin alone: the invited person has no account yet.
    await page.getByRole('table').getByRole('link').first().click();
    for (const word of words.user) await page.getByText(word, { exact: true }).first().waitFor();
    await screenshot(page, `languages-${language}-admin-user`);
  };

  it('picks German in the account menu and shows the screens in German', async () => {
    await page.goto(`${product.url}/organization/members`);
    await page.getByText('Search members', { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    // The page changes language at once, without a reload.
    await page.getByText('Mitglieder suchen', { exact: true }).waitFor();
    await checkScreens('de');
  }, 120_000);

  it('shows the screens in French once French is the kept choice', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await checkScreens('fr');
    // Nothing English is left in the members table's header.
    await page.goto(`${product.url}/organization/members`);
    await page.getByText('Arrivée', { exact: true }).waitFor();
    const headers = (await page.getByRole('columnheader').allInnerTexts()).map((each) => each.trim());
    expect(headers).toEqual(expect.arrayContaining(['Personne', 'Rôle', 'Arrivée']));
    for (const english of ['Person', 'Role', 'Joined']) expect(headers).not.toContain(english);
  }, 120_000);
});
