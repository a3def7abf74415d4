import { present, SoftwareAuthenticator, totpCode, totpStep } from '@gatehouse/core/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';
import { seriousViolations, sidewaysOverflow } from './support/screen-checks.ts';

const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
const OWNER = { name: 'Olga Owner', email: 'olga@example.com', password: 'olga password 1' };
const INVITEE = { name: 'Grace Hopper', email: 'grace@example.com', password: 'grace password 1' };

const WIDTHS = [1280, 390] as const;
/** The stored theme and what the operating system prefers: "system-dark" is the OS's dark. */
const THEMES = [
  { name: 'light', stored: 'light', os: 'light' },
  { name: 'dark', stored: 'dark', os: 'light' },
  { name: 'system-dark', stored: 'system', os: 'dark' },
] as const;

type Persona = 'signed-out' | 'user' | 'owner' | 'admin';

/**
 * Every screen of the app, for each kind of person, at a desktop and a phone width, in light,
 * dark and the operating system's dark: nothing scrolls sideways, one h1 names the page, and
 * axe-core finds no serious or critical violation. Screenshots land in e2e/screenshots.
 */
describe('every screen at both widths and in every theme', () => {
  let product: Product;
  let browser: Browser;
  const contexts = new Map<Persona, BrowserContext>();
  let invitationId = '';
  let ownerId = '';
  let organizationId = '';

  const post = async (context: BrowserContext, path: string, data: object) => {
    const response = await context.request.post(`${product.url}/api/auth${path}`, {
      data,
      headers: { origin: product.url },
    });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  };

  beforeAll(async () => {
    product = await startProduct({ admins: [ADMIN] });
    browser = await launchChromium();
    for (const persona of ['signed-out', 'user', 'owner', 'admin'] as const) {
      contexts.set(persona, await browser.newContext());
    }
    const owner = contextOf('owner');
    ownerId = (await post(owner, '/sign-up/email', OWNER)).user.id;
    const organization = await post(owner, '/organization/create', { name: 'Acme Rockets', slug: 'acme' });
    organizationId = organization.id;
    await post(owner, '/organization/set-active', { organizationId: organization.id });
    // A synced passkey for the owner's Security page and the admin's page about them; registered
    // with the software authenticator (this product's host is an IP address, which Chromium
    // refuses as a relying party id; e2e/passkeys.test.ts registers through Chromium).
    const options = await (
      await owner.request.get(`${product.url}/api/auth/passkey/generate-register-options?name=Phone`)
    ).json();
    const response = await new SoftwareAuthenticator({ synced: true }).register(options, {
      origin: product.url,
    });
    await post(owner, '/passkey/verify-registration', { response, name: 'Phone' });
    await post(owner, '/organization/create-team', { name: 'Launch crew' });
    invitationId = (
      await post(owner, '/organization/invite-member', { email: INVITEE.email, role: 'member' })
    ).id;
    await post(contextOf('user'), '/sign-up/email', INVITEE);
    await post(contextOf('admin'), '/sign-in/email', ADMIN);
    // The owner has two-factor on: their Security page and the admin's page about them show it.
    const { totpURI } = await post(owner, '/two-factor/enable', { password: OWNER.password });
    const secret = present(new URL(totpURI).searchParams.get('secret'));
    await post(owner, '/two-factor/verify-totp', { code: totpCode(secret, totpStep(Date.now())) });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  function contextOf(persona: Persona): BrowserContext {
    const context = contexts.get(persona);
    if (!context) throw new Error(`no browser context for ${persona}`);
    return context;
  }

  const screens = (): Screen[] => [
    { persona: 'signed-out', name: 'home', path: '/' },
    { persona: 'signed-out', name: 'sign-in', path: '/sign-in' },
    { persona: 'signed-out', name: 'sign-up', path: '/sign-up' },
    { persona: 'signed-out', name: 'forgot-password', path: '/forgot-password' },
    { persona: 'signed-out', name: 'reset-password-invalid', path: '/reset-password' },
    { persona: 'signed-out', name: 'verify-email', path: '/verify-email' },
    { persona: 'signed-out', name: 'invitation', path: `/accept-invitation/${invitationId}` },
    { persona: 'signed-out', name: 'social-error', path: '/social-error?error=access_denied' },
    { persona: 'signed-out', name: 'not-found', path: '/no-such-page' },
    { persona: 'signed-out', name: 'dev-mail', path: '/dev/mail' },
    { persona: 'signed-out', name: 'sign-in-two-factor', path: '/sign-in/two-factor' },
    { persona: 'signed-out', name: 'api-docs', path: '/docs/api' },
    { persona: 'user', name: 'profile', path: '/account' },
    { persona: 'user', name: 'security', path: '/account/security' },
    {
      persona: 'user',
      name: 'security-required-by-organization',
      path: `/account/security?requiredBy=${organizationId}&back=%2Forganization%2Fmembers`,
    },
    { persona: 'user', name: 'sessions', path: '/account/sessions' },
    { persona: 'user', name: 'connections', path: '/account/connections' },
    { persona: 'user', name: 'delete-account', path: '/account/delete' },
    { persona: 'user', name: 'personal-space', path: '/organization' },
    { persona: 'user', name: 'create-organization', path: '/organization/new' },
    { persona: 'user', name: 'invitation', path: `/accept-invitation/${invitationId}` },
    { persona: 'user', name: 'admin-no-access', path: '/admin/users' },
    { persona: 'owner', name: 'security-two-factor-on', path: '/account/security' },
    { persona: 'owner', name: 'members', path: '/organization/members' },
    { persona: 'owner', name: 'invitations', path: '/organization/invitations' },
    { persona: 'owner', name: 'teams', path: '/organization/teams' },
    { persona: 'owner', name: 'roles', path: '/organization/roles' },
    { persona: 'owner', name: 'settings', path: '/organization/settings' },
    { persona: 'admin', name: 'users', path: '/admin/users' },
    { persona: 'admin', name: 'user', path: `/admin/users/${ownerId}` },
  ];

  /** The page has settled: a heading is shown and nothing says it is still loading. */
  const settle = async (page: Page) => {
    await page.waitForFunction(() => {
      const statuses = Array.from(document.querySelectorAll('[role="status"]'));
      const loading = statuses.some((each) => /loading/i.test(each.textContent ?? ''));
      return !loading && document.querySelector('main h1, main h2') !== null;
    });
    await page.evaluate(() => document.fonts.ready);
  };

  /** Visits one screen and returns what is wrong with it; saves its screenshot. */
  const check = async (page: Page, screen: Screen, width: number, theme: string): Promise<string[]> => {
    const label = `${screen.persona}/${screen.name} at ${width} px, ${theme}`;
    const problems: string[] = [];
    await page.goto(`${product.url}${screen.path}`);
    await settle(page);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) problems.push(`${label}: scrolls sideways by ${overflow} px`);
    const headings = await page.locator('h1').count();
    if (headings !== 1) problems.push(`${label}: ${headings} h1 elements`);
    for (const violation of await seriousViolations(page)) {
      problems.push(`${label}: ${violation.id} (${violation.impact}) at ${violation.targets.join(', ')}`);
    }
    await screenshot(page, `screens/${screen.persona}-${screen.name}-${width}-${theme}`);
    return problems;
  };

  it('has no sideways scroll, one h1, and no serious or critical axe violation', async () => {
    // One page per person, all four at once: most of the time goes to waiting on the server.
    const results = await Promise.all(
      [...contexts.keys()].map(async (persona) => {
        const page = await contextOf(persona).newPage();
        const problems: string[] = [];
        for (const theme of THEMES) {
          await page.emulateMedia({ colorScheme: theme.os, reducedMotion: 'reduce' });
          await page.goto(`${product.url}/`);
          await page.evaluate((stored) => localStorage.setItem('theme', stored), theme.stored);
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            for (const screen of screens().filter((each) => each.persona === persona)) {
              problems.push(...(await check(page, screen, width, theme.name)));
            }
          }
        }
        await page.close();
        return problems;
      }),
    );
    expect(results.flat()).toEqual([]);
    // About 150 s on a quiet machine; the limit leaves room for a loaded one.
  }, 600_000);

  it('walks through setting up two-factor in light and dark, at both widths', async () => {
    const page = await contextOf('user').newPage();
    await page.goto(`${product.url}/`);
    await page.evaluate(() => localStorage.setItem('theme', 'system'));
    const problems: string[] = [];
    /** The step as it is now, in the OS's light and dark, at each width (the page stays as it is). */
    const checkStep = async (name: string, within?: string) => {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await page.waitForFunction(
          (dark) => document.documentElement.classList.contains('dark') === dark,
          colorScheme === 'dark',
        );
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          // Colours change with a transition, and toasts slide in: measure what stays on screen.
          await page.waitForFunction(() =>
            document.getAnimations().every((each) => each.playState !== 'running'),
          );
          const label = `two-factor ${name} at ${width} px, ${colorScheme}`;
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) problems.push(`${label}: scrolls sideways by ${overflow} px`);
          for (const violation of await seriousViolations(page, within)) {
            problems.push(
              `${label}: ${violation.id} (${violation.impact}) at ${violation.targets.join(', ')}`,
            );
          }
          await screenshot(page, `screens/user-two-factor-${name}-${width}-${colorScheme}`);
        }
      }
    };

    await page.goto(`${product.url}/account/security`);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await checkStep('password', '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'detached' });

    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = present(await card.getByTestId('totp-secret').textContent()).replace(/\s+/g, '');
    await card.getByLabel('Code from the app').fill('000000');
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByText('That code is not right. Check it and try again.').waitFor();
    await checkStep('scan');
    await card.getByLabel('Code from the app').fill(totpCode(secret, totpStep(Date.now())));
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.getByRole('list', { name: 'Backup codes' }).waitFor();
    // The "two-factor is on" toast is sonner's own (its light success colours are not this
    // screen's): measured once it has gone.
    await page.locator('[data-sonner-toast]').waitFor({ state: 'detached' });
    await checkStep('backup-codes');
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await card.getByText('On', { exact: true }).waitFor();

    // The second step of signing in, with a refused code at the field.
    const second = await browser.newContext();
    await post(second, '/sign-in/email', { email: INVITEE.email, password: INVITEE.password });
    const signIn = await second.newPage();
    await signIn.goto(`${product.url}/sign-in/two-factor`);
    await signIn.getByLabel('Code from your authenticator app').fill('000000');
    await signIn.getByRole('button', { name: 'Verify' }).click();
    await signIn.getByText('That code is not right. Check it and try again.').waitFor();
    for (const violation of await seriousViolations(signIn)) {
      problems.push(`second step with an error: ${violation.id} at ${violation.targets.join(', ')}`);
    }
    await second.close();
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it('opens the user menu from the avatar: admin console only for admins, theme, sign out', async () => {
    const admin = await contextOf('admin').newPage();
    await admin.setViewportSize({ width: 360, height: 740 });
    await admin.goto(`${product.url}/account`);
    await admin.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(await sidewaysOverflow(admin)).toBe(0);
    await admin.getByRole('button', { name: /^Account menu for/ }).click();
    const menu = admin.getByRole('menu');
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await admin.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await admin.getByRole('button', { name: /^Account menu for/ }).click();
    expect(await seriousViolations(admin, '[role="menu"]')).toEqual([]);
    await screenshot(admin, 'screens/menu-admin-360');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Account',
      'Organizations',
      'Admin console',
      'Sign out',
    ]);
    await menu.getByRole('menuitem', { name: 'Admin console' }).click();
    // Focus moves to the new page's heading, so a screen reader announces where one arrived.
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Users');
    await admin.evaluate(() => localStorage.setItem('theme', 'light'));
    await admin.close();

    const user = await contextOf('user').newPage();
    await user.goto(`${product.url}/account/security`);
    await user.getByRole('button', { name: `Account menu for ${INVITEE.name}` }).click();
    expect(await user.getByRole('menu').getByRole('menuitem').allInnerTexts()).toEqual([
      'Account',
      'Organizations',
      'Sign out',
    ]);
    await user.getByRole('menuitem', { name: 'Sign out' }).click();
    await user.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await user.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
    await user.close();
  }, 60_000);

  it('offers the organization menu, invites a pasted list and copies a link, at phone width', async () => {
    const context = contextOf('owner');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    const page = await context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${product.url}/organization/invitations`);
    await page.getByRole('heading', { name: 'Acme Rockets' }).waitFor();

    await page.getByRole('button', { name: /^Organization: Acme Rockets/ }).click();
    const menu = page.getByRole('menu');
    // Each item shows the logo (initials here), then the name.
    const names = await menu.getByRole('menuitemradio').allInnerTexts();
    expect(names.map((each) => each.split('\n').at(-1)?.trim())).toEqual(['Personal', 'Acme Rockets']);
    await menu.getByRole('menuitem', { name: 'Create organization' }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
    await screenshot(page, 'screens/owner-organization-menu-360');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Invite member…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.getByLabel('Email addresses').fill('ann@example.com, ben@example.com\ncat@example.com');
    await dialog.getByRole('button', { name: 'Send 3 invitations' }).click();
    await page.getByText('3 invitations sent.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com']) {
      await page.getByText(email, { exact: true }).waitFor();
    }
    expect(await sidewaysOverflow(page)).toBe(0);

    await page.getByRole('button', { name: 'Copy link to the invitation for ben@example.com' }).click();
    await page.getByText('Copied the invitation link for ben@example.com.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${product.url}/accept-invitation/[A-Za-z0-9]+$`));
    expect((await product.mailLinks('ben@example.com'))[0]).toBe(copied);
    await page.close();
  }, 60_000);

  it('follows the browser’s language, and keeps the one picked in the menu', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    await post(context, '/sign-in/email', ADMIN);
    const page = await context.newPage();
    await page.goto(`${product.url}/account`);
    await page.getByRole('button', { name: /^Kontomenü von/ }).click();
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
      'Konto',
      'Organisationen',
      'Verwaltung',
      'Abmelden',
    ]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await menu.getByRole('menuitemradio', { name: 'Français' }).click();
    await page.reload();
    await page.getByRole('button', { name: /^Menu du compte de/ }).click();
    await page.getByRole('menuitem', { name: 'Se déconnecter' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await seriousViolations(page, '[role="menu"]')).toEqual([]);
    await screenshot(page, 'screens/menu-admin-fr');
    await context.close();
  }, 60_000);
});

interface Screen {
  persona: Persona;
  name: string;
  path: string;
}
