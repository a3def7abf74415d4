import { present, totpCode, totpStep } from '@gatehouse/core/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.ts';
import { seriousViolations, sidewaysOverflow } from './support/screen-checks.ts';
import {
  animationsDone,
  checkInEveryTheme,
  checkNow,
  personTabs,
  type Screen,
  settle,
  showTheme,
  showWidth,
  THEMES,
  WIDTHS,
} from './support/screen-sweep.ts';
import {
  ADMIN,
  INVITEE,
  KEY_HOLDER,
  KEYS,
  MEMBER,
  OWNER,
  type Persona,
  sweepWorld,
  useSweepWorld,
} from './support/sweep-world.ts';

const DIALOG = '[role="dialog"]';

/** Clicks the button named `trigger` and waits for the dialog named `title`. */
const opensDialog =
  (trigger: string, title: string) =>
  async (page: Page): Promise<void> => {
    await page.getByRole('button', { name: trigger, exact: true }).first().click();
    await page.getByRole('dialog', { name: title }).waitFor();
  };

/** Unfolds the log of the endpoint at `url` and the attempts of its newest delivery. */
const opensDeliveries =
  (url: string) =>
  async (page: Page): Promise<void> => {
    await page.getByRole('button', { name: `Deliveries to ${url}`, exact: true }).click();
    const log = page.getByRole('list', { name: `Deliveries to ${url}` });
    await log.getByText('Delivered', { exact: true }).first().waitFor();
    await log.locator('summary').first().click();
    await log.locator('details[open] ol li').first().waitFor();
  };

/**
 * Every dialog of the app open, its toasts, and the steps of setting up two-factor, in light, dark
 * and the operating system's dark at both widths: inside the dialog axe-core finds no serious or
 * critical violation, the dialog has a name, the page under it has one h1, and nothing scrolls
 * sideways (at 360 px either). Then the menus of the header at phone width.
 */
describe('dialogs, toasts and menus, at both widths and in every theme', () => {
  const sweepWorldOf = useSweepWorld();

  it('has named dialogs without serious or critical axe violations over pages with one h1', async () => {
    const world = sweepWorldOf();
    const owner = { persona: 'owner' as const, within: DIALOG };
    const admin = { persona: 'admin' as const, within: DIALOG, path: `/admin/users/${world.ids.owner}` };
    const keyHolder = { persona: 'key-holder' as const, within: DIALOG, path: '/account/api-keys' };
    const who = OWNER.name;
    const { organizationURL, serverURL } = world.webhooks;
    const ownerHooksPage = { persona: 'owner' as const, path: '/organization/webhooks' };
    const ownerHooks = { ...ownerHooksPage, within: DIALOG };
    const adminHooks = { persona: 'admin' as const, path: '/admin/webhooks' };
    const webhookScreens: Screen<Persona>[] = [
      // Only opened, all but the add dialog: the endpoints stay as the other screens expect them.
      { ...ownerHooks, name: 'webhook-add', open: opensDialog('Add endpoint', 'Add a webhook endpoint') },
      {
        ...ownerHooks,
        name: 'webhook-edit',
        open: opensDialog(`Edit ${organizationURL}`, 'Edit the endpoint'),
      },
      {
        ...ownerHooks,
        name: 'webhook-rotate',
        open: opensDialog(`Rotate secret of ${organizationURL}`, 'Rotate the signing secret?'),
      },
      {
        ...ownerHooks,
        name: 'webhook-delete',
        open: opensDialog(`Delete ${organizationURL}`, 'Delete this endpoint?'),
      },
      // The log unfolded under its endpoint, its delivery's attempts too: part of the page.
      {
        ...ownerHooksPage,
        name: 'webhook-deliveries',
        open: opensDeliveries(organizationURL),
      },
      {
        // Adding one really: its secret is shown once. Server-wide, where no other screen of this
        // file needs the endpoint alone; nothing in the sweep does what it listens to.
        ...adminHooks,
        within: DIALOG,
        name: 'admin-webhook-secret-shown',
        open: async (page) => {
          await opensDialog('Add endpoint', 'Add a webhook endpoint')(page);
          const dialog = page.getByRole('dialog');
          await dialog.getByLabel('URL', { exact: true }).fill(`${serverURL}/second`);
          await dialog.getByRole('checkbox', { name: 'admin.user_unbanned' }).check();
          await dialog.getByRole('button', { name: 'Add endpoint' }).click();
          await page.getByRole('dialog', { name: 'The signing secret' }).waitFor();
        },
      },
      { ...adminHooks, name: 'admin-webhook-deliveries', open: opensDeliveries(serverURL) },
    ];
    const screens: Screen<Persona>[] = [
      // The big page first, so that the other lanes share out the rest meanwhile.
      {
        persona: 'user',
        name: 'api-try-it-confirmation',
        path: '/docs/api#signOut',
        within: DIALOG,
        open: async (page) => {
          await page.locator('article#signOut').getByRole('button', { name: 'Try it' }).click();
          await page.getByRole('dialog', { name: 'Send POST /sign-out?' }).waitFor();
        },
      },
      {
        ...owner,
        name: 'passkey-add',
        path: '/account/security',
        open: opensDialog('Add a passkey', 'Add a passkey'),
      },
      {
        ...owner,
        name: 'passkey-rename',
        path: '/account/security',
        open: opensDialog('Rename: Phone', 'Rename passkey'),
      },
      {
        ...owner,
        name: 'passkey-delete',
        path: '/account/security',
        open: opensDialog('Delete: Phone', 'Delete “Phone”?'),
      },
      {
        ...owner,
        name: 'two-factor-new-codes',
        path: '/account/security',
        open: opensDialog('New backup codes', 'Make new backup codes?'),
      },
      {
        ...owner,
        name: 'two-factor-turn-off',
        path: '/account/security',
        open: opensDialog('Turn off', 'Turn off two-factor authentication?'),
      },
      {
        // The dialog as the server's not-fresh refusal opens it (here answered for it: the
        // refusal itself is e2e/reauthentication.test.ts's), offering the owner's passkey too.
        ...owner,
        name: 'reauthentication',
        path: '/account/security',
        open: async (page) => {
          await page.route('**/api/auth/change-password', (route) =>
            route.fulfill({
              status: 403,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' }),
            }),
          );
          await page.getByLabel('Current password').fill(OWNER.password);
          await page.getByLabel('New password', { exact: true }).fill('another password 2');
          await page.getByLabel('Confirm new password').fill('another password 2');
          await page.getByRole('button', { name: 'Change password' }).click();
          const dialog = page.getByRole('dialog', { name: 'Confirm it’s you' });
          await dialog.getByRole('button', { name: 'Use a passkey' }).waitFor();
        },
      },
      {
        // Back from confirming with a provider: the form opens again, saying so. The call the
        // dialog kept is written here as it would have (e2e/reauthentication-social.test.ts
        // goes through the provider for real).
        ...owner,
        name: 'passkey-add-after-provider',
        path: '/account/security',
        open: async (page) => {
          await page.evaluate(
            (userId) =>
              sessionStorage.setItem(
                'gatehouse:pending-reauthentication',
                JSON.stringify({
                  method: 'passkeyGenerateRegisterOptions',
                  userId,
                  path: '/account/security',
                  at: Date.now(),
                }),
              ),
            world.ids.owner,
          );
          await page.goto(`${world.product.url}/account/security?reauthenticated=1`);
          await page
            .getByRole('dialog', { name: 'Add a passkey' })
            .getByText('Confirmed — you can continue.')
            .waitFor();
        },
      },
      {
        ...owner,
        name: 'invite',
        path: '/organization/invitations',
        open: opensDialog('Invite member…', 'Invite a member'),
      },
      {
        ...owner,
        name: 'role-change',
        path: '/organization/members',
        open: async (page) => {
          await page.getByLabel(`Role of ${MEMBER.name}`).selectOption('admin');
          await page.getByRole('dialog', { name: `Change the role of ${MEMBER.name}?` }).waitFor();
        },
      },
      {
        ...owner,
        name: 'remove-member',
        path: '/organization/members',
        open: opensDialog(`Remove ${MEMBER.name}`, `Remove ${MEMBER.name}?`),
      },
      {
        ...owner,
        name: 'team-delete',
        path: '/organization/teams',
        open: opensDialog('Delete Launch crew', 'Delete the team Launch crew?'),
      },
      { ...owner, name: 'role-new', path: '/organization/roles', open: opensDialog('New role…', 'New role') },
      {
        ...owner,
        name: 'role-edit',
        path: '/organization/roles',
        open: opensDialog('Edit auditor', 'Edit the role auditor'),
      },
      {
        ...owner,
        name: 'role-delete',
        path: '/organization/roles',
        open: opensDialog('Delete auditor', 'Delete the role auditor?'),
      },
      {
        ...owner,
        name: 'organization-delete',
        path: '/organization/settings',
        open: opensDialog('Delete organization…', 'Delete Acme Rockets?'),
      },
      {
        persona: 'member',
        within: DIALOG,
        name: 'organization-leave',
        path: '/organization/settings',
        open: opensDialog('Leave organization…', 'Leave Acme Rockets?'),
      },
      {
        persona: 'user',
        within: DIALOG,
        name: 'delete-account',
        path: '/account/delete',
        open: opensDialog('Delete account…', 'Delete your account?'),
      },
      {
        persona: 'user',
        within: DIALOG,
        name: 'sign-out-everywhere',
        path: '/account/sessions',
        open: opensDialog('Sign out everywhere', 'Sign out everywhere?'),
      },
      {
        // Limited chosen: the picker's every checkbox shows.
        ...keyHolder,
        name: 'api-key-create',
        open: async (page) => {
          await opensDialog('Create API key', 'Create an API key')(page);
          await page.getByRole('dialog').getByRole('radio', { name: 'Limited' }).check();
        },
      },
      {
        // An admin's limited key is offered the admin statements too. Only opened: no key, no mail.
        persona: 'admin',
        within: DIALOG,
        name: 'api-key-create-admin',
        path: '/account/api-keys',
        open: async (page) => {
          await opensDialog('Create API key', 'Create an API key')(page);
          await page.getByRole('dialog').getByRole('radio', { name: 'Limited' }).check();
          await page.getByRole('group', { name: 'Users (admin)' }).waitFor();
        },
      },
      {
        // Creating it really: the key is shown once. Its notice mails the key holder only.
        ...keyHolder,
        name: 'api-key-shown',
        open: async (page) => {
          await opensDialog('Create API key', 'Create an API key')(page);
          await page.getByRole('dialog').getByLabel('Name').fill('Shown once');
          await page.getByRole('dialog').getByRole('button', { name: 'Create key' }).click();
          await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
        },
      },
      {
        ...keyHolder,
        name: 'api-key-revoke',
        open: opensDialog(`Revoke ${KEYS.full}`, `Revoke “${KEYS.full}”?`),
      },
      {
        // Only opened: rotating would change the key the other screens show.
        ...keyHolder,
        name: 'api-key-rotate',
        open: opensDialog(`Rotate ${KEYS.full}`, `Rotate “${KEYS.full}”?`),
      },
      {
        // Only opened, as for rotate: the key holder's keys stay as the other screens expect them.
        persona: 'admin',
        within: DIALOG,
        name: 'admin-api-key-delete',
        path: `/admin/users/${world.ids.keyHolder}`,
        open: opensDialog(`Delete ${KEYS.full}`, `Delete “${KEYS.full}” of ${KEY_HOLDER.name}?`),
      },
      {
        ...owner,
        name: 'organization-api-key-create',
        path: '/organization/api-keys',
        open: opensDialog('Create API key', 'Create an API key'),
      },
      ...webhookScreens,
      {
        persona: 'admin',
        within: DIALOG,
        name: 'create-user',
        path: '/admin/users',
        open: opensDialog('Create user', 'Create user'),
      },
      { ...admin, name: 'ban', open: opensDialog('Ban user…', `Ban ${who}?`) },
      { ...admin, name: 'impersonate', open: opensDialog('Impersonate…', `Sign in as ${who}?`) },
      { ...admin, name: 'set-password', open: opensDialog('Set password…', `Set a password for ${who}`) },
      { ...admin, name: 'delete-user', open: opensDialog('Delete user…', `Delete ${who}?`) },
      {
        ...admin,
        name: 'revoke-sessions',
        open: opensDialog('Sign out everywhere', `Sign ${who} out everywhere?`),
      },
      {
        ...admin,
        name: 'reset-two-factor',
        open: opensDialog('Reset two-factor', `Reset two-factor for ${who}?`),
      },
    ];
    expect(await sweepWorld(world, screens)).toEqual([]);
  }, 600_000);

  it('shows a success and an error toast that read well in every theme, at both widths', async () => {
    const world = sweepWorldOf();
    const context = await world.browser.newContext({
      storageState: await world.contexts.user.storageState(),
    });
    const { helper } = await personTabs(context, world.product.url);
    const page = await context.newPage();
    await page.goto(`${world.product.url}/account`);
    await settle(page);
    const resend = page.getByRole('button', { name: 'Resend verification email' });
    const toasts = page.locator('[data-sonner-toast]');
    const problems: string[] = [];
    for (const theme of THEMES) {
      await showTheme(page, helper, theme);
      for (const width of WIDTHS) {
        await showWidth(page, width);
        // A real success; then the server's failure, answered for it (the colours are the point).
        await resend.click();
        await page.locator('[data-sonner-toast][data-type="success"]').waitFor();
        await page.route('**/api/auth/send-verification-email', (route) =>
          route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' }),
          }),
        );
        await resend.click();
        await page.locator('[data-sonner-toast][data-type="error"]').waitFor();
        await page.unroute('**/api/auth/send-verification-email');
        // Pointing at them stops their timers and spreads them out, as for a person reading them.
        await toasts.first().hover();
        await animationsDone(page);
        problems.push(
          ...(await checkNow(page, `toasts at ${width} px, ${theme.name}`, {
            within: '[data-sonner-toaster]',
            shot: `screens/user-toasts-${width}-${theme.name}`,
          })),
        );
        for (let count = await toasts.count(); count > 0; count = await toasts.count()) {
          await toasts.first().getByRole('button', { name: 'Close notification' }).click();
          await page.waitForFunction(
            (before) => document.querySelectorAll('[data-sonner-toast]').length < before,
            count,
          );
        }
      }
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 120_000);

  it('walks through setting up two-factor in light and dark, at both widths', async () => {
    const world = sweepWorldOf();
    const context = world.contexts.user;
    const { helper } = await personTabs(context, world.product.url);
    const page = await context.newPage();
    const problems: string[] = [];
    const checkStep = async (name: string, within?: string) => {
      await animationsDone(page);
      problems.push(
        ...(await checkInEveryTheme(page, helper, {
          label: `two-factor ${name}`,
          shot: `screens/user-two-factor-${name}`,
          within,
        })),
      );
    };

    await page.goto(`${world.product.url}/account/security`);
    const card = page.getByRole('region', { name: 'Two-factor authentication' });
    await card.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up an authenticator app' });
    await dialog.getByLabel('Password', { exact: true }).fill(INVITEE.password);
    await checkStep('password', DIALOG);
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
    // The "two-factor is on" toast is measured with the page.
    await checkStep('backup-codes');
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await card.getByText('On', { exact: true }).waitFor();

    // The second step of signing in, with a refused code at the field.
    const second = await world.browser.newContext();
    const signIn = await second.newPage();
    const answer = await second.request.post(`${world.product.url}/api/auth/sign-in/email`, {
      data: { email: INVITEE.email, password: INVITEE.password },
      headers: { origin: world.product.url },
    });
    expect(answer.ok()).toBe(true);
    await signIn.goto(`${world.product.url}/sign-in/two-factor`);
    await signIn.getByLabel('Code from your authenticator app').fill('000000');
    await signIn.getByRole('button', { name: 'Verify' }).click();
    await signIn.getByText('That code is not right. Check it and try again.').waitFor();
    for (const violation of await seriousViolations(signIn)) {
      problems.push(`second step with an error: ${violation.id} at ${violation.targets.join(', ')}`);
    }
    await second.close();
    await page.close();
    await helper.close();
    expect(problems).toEqual([]);
  }, 180_000);

  it('opens the user menu from the avatar: admin console only for admins, theme, sign out', async () => {
    const world = sweepWorldOf();
    const admin = await world.contexts.admin.newPage();
    await admin.setViewportSize({ width: 360, height: 740 });
    await admin.goto(`${world.product.url}/account`);
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

    const user = await world.contexts.member.newPage();
    await user.goto(`${world.product.url}/account/security`);
    await user.getByRole('button', { name: `Account menu for ${MEMBER.name}` }).click();
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
    const world = sweepWorldOf();
    const context = world.contexts.owner;
    const { product } = world;
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
    const world = sweepWorldOf();
    const context = await world.browser.newContext({ locale: 'de-DE' });
    const answer = await context.request.post(`${world.product.url}/api/auth/sign-in/email`, {
      data: ADMIN,
      headers: { origin: world.product.url },
    });
    expect(answer.ok()).toBe(true);
    const page = await context.newPage();
    await page.goto(`${world.product.url}/account`);
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
