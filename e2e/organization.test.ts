import { present } from '@gatehouse/core/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const OWNER = { name: 'Olga Owner', email: 'olga@example.com', password: 'olga password 1' };
const INVITEE = { name: 'Grace Hopper', email: 'grace@example.com', password: 'grace password 1' };
const ORGANIZATION = 'Acme Rockets';

/**
 * Organizations in Chromium, with two people in two browser contexts: the owner creates an
 * organization and invites a person; the invitation arrives through the dev outbox; the person
 * opens its link signed out, creates an account from there, accepts, and sees a member's controls
 * only; the owner makes them an admin and, after a reload, their controls change.
 */
describe('organizations in a browser', () => {
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

  const signUp = async (page: Page, who: typeof OWNER) => {
    await page.getByLabel('Name').fill(who.name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByLabel('Confirm password').fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();
  };

  const signIn = async (page: Page, who: typeof OWNER) => {
    await page.goto(`${product.url}/sign-in`);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
  };

  /** The header's organization menu. */
  const openSwitcher = (page: Page) => page.getByRole('button', { name: /^Organization:/ }).click();

  /** Opens an organization from the header's switcher. */
  const switchTo = async (page: Page, name: string) => {
    await openSwitcher(page);
    await page.getByRole('menuitemradio', { name }).click();
    await page.getByRole('heading', { name, exact: true }).waitFor();
  };

  /** The organizations the switcher offers, read from its menu (then closed again). */
  const switcherChoices = async (page: Page) => {
    await openSwitcher(page);
    const names = await page.getByRole('menuitemradio').allInnerTexts();
    await page.keyboard.press('Escape');
    // Each item shows the logo's initials, then the name.
    return names.map((name) => name.split('\n').at(-1)?.trim());
  };

  it('invites a person who signs up from the email, joins as a member, and is promoted', async () => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await owner.goto(`${product.url}/sign-up`);
    await signUp(owner, OWNER);
    await owner.getByRole('heading', { name: 'Profile' }).waitFor();

    // The header's switcher leads to creating an organization.
    await openSwitcher(owner);
    await owner.getByRole('menuitem', { name: 'Create organization' }).click();
    await owner.getByRole('heading', { name: 'Create an organization' }).waitFor();
    await owner.getByLabel('Name').fill(ORGANIZATION);
    await owner.getByText('This slug is free.').waitFor();
    expect(await owner.getByLabel('Slug').inputValue()).toBe('acme-rockets');
    await screenshot(owner, 'org-01-create');
    await owner.getByRole('button', { name: 'Create organization' }).click();
    await owner.getByRole('heading', { name: ORGANIZATION, exact: true }).waitFor();
    await owner.getByRole('cell', { name: /Olga Owner/ }).waitFor();

    await owner.getByRole('button', { name: 'Invite member…' }).click();
    const invite = owner.getByRole('dialog');
    await invite.getByLabel('Email').fill(INVITEE.email);
    await screenshot(owner, 'org-02-invite');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.waitFor({ state: 'detached' });
    await owner.getByRole('link', { name: 'Invitations' }).click();
    await owner.getByText(INVITEE.email, { exact: true }).waitFor();
    await screenshot(owner, 'org-03-pending-invitation');

    // The email, through the product's dev outbox.
    const [link] = await product.mailLinks(INVITEE.email);
    expect(link).toMatch(/\/accept-invitation\/[A-Za-z0-9]+$/);

    // The invited person, in a browser of their own, without an account yet.
    const inviteeContext = await browser.newContext();
    const invitee = await inviteeContext.newPage();
    await invitee.goto(present(link));
    await invitee.getByRole('heading', { name: `Join ${ORGANIZATION}` }).waitFor();
    await invitee.getByText(`Olga Owner invited ${INVITEE.email}`).waitFor();
    await screenshot(invitee, 'org-04-invitation-signed-out');
    await invitee.getByRole('link', { name: 'Create account' }).click();
    await signUp(invitee, INVITEE);
    await invitee.getByRole('heading', { name: `Join ${ORGANIZATION}` }).waitFor();
    await screenshot(invitee, 'org-05-invitation');
    await invitee.getByRole('button', { name: 'Accept invitation' }).click();
    await invitee.getByRole('heading', { name: ORGANIZATION, exact: true }).waitFor();
    await invitee.getByRole('cell', { name: /Olga Owner/ }).waitFor();
    await screenshot(invitee, 'org-06-member-view');

    // A member's controls only: no inviting, no role pickers, no removing.
    const memberTable = invitee.getByRole('table');
    await memberTable.getByText('Owner', { exact: true }).waitFor();
    expect(await invitee.getByRole('button', { name: 'Invite member…' }).count()).toBe(0);
    expect(await invitee.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
    expect(await invitee.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

    // The owner sees the new member and makes them an admin.
    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.reload();
    const graceRole = owner.getByRole('combobox', { name: `Role of ${INVITEE.name}` });
    await graceRole.selectOption('admin');
    // A role change is confirmed before it applies.
    await owner
      .getByRole('dialog', { name: `Change the role of ${INVITEE.name}?` })
      .getByRole('button', { name: 'Change role' })
      .click();
    await owner.getByText(`${INVITEE.name} is now Admin.`).waitFor();
    await screenshot(owner, 'org-07-promoted');

    // After a reload, the new admin can invite and change roles, but not touch the owner.
    await invitee.reload();
    await invitee.getByRole('button', { name: 'Invite member…' }).waitFor();
    const ownerRole = invitee.getByRole('combobox', { name: `Role of ${OWNER.name}` });
    await ownerRole.waitFor();
    expect(await ownerRole.isDisabled()).toBe(true);
    expect(await invitee.getByRole('combobox', { name: `Role of ${INVITEE.name}` }).isDisabled()).toBe(false);
    await screenshot(invitee, 'org-08-admin-view');

    await inviteeContext.close();
    await ownerContext.close();
  }, 120_000);

  it('manages teams, a custom role and settings; the last owner cannot leave; a member leaves; the owner deletes', async () => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signIn(owner, OWNER);
    await switchTo(owner, ORGANIZATION);

    await owner.getByRole('link', { name: 'Teams' }).click();
    await owner.getByRole('heading', { name: 'Teams' }).waitFor();
    await owner.getByLabel('Team name').fill('Launch');
    await owner.getByRole('button', { name: 'Create team' }).click();
    await owner.getByRole('heading', { name: 'Launch', exact: true }).waitFor();
    await owner.getByRole('button', { name: 'Rename Launch' }).click();
    await owner.getByLabel('New name of Launch').fill('Launch crew');
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByRole('heading', { name: 'Launch crew', exact: true }).waitFor();

    const crew = owner
      .getByRole('listitem')
      .filter({ has: owner.getByRole('heading', { name: 'Launch crew' }) });
    await crew.getByRole('button', { name: 'Members' }).click();
    await crew.getByText('Only people on a team can see who is on it').waitFor();
    await crew.getByLabel('Add a member to Launch crew').selectOption({ label: INVITEE.name });
    await crew.getByRole('button', { name: 'Add', exact: true }).click();
    await owner.getByText('Added to the team.').waitFor();
    await crew.getByText('1 member', { exact: true }).waitFor();
    await screenshot(owner, 'org-09-teams');
    await owner.getByRole('button', { name: 'Delete Launch crew' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Delete team' }).click();
    await owner.getByRole('heading', { name: 'Launch crew' }).waitFor({ state: 'detached' });

    // A custom role from the permission matrix, given to the admin instead of their role.
    await owner.getByRole('link', { name: 'Roles' }).click();
    await owner.getByRole('button', { name: 'New role…' }).click();
    const roleDialog = owner.getByRole('dialog');
    await roleDialog.getByLabel('Role name').fill('Support');
    await roleDialog.getByRole('checkbox', { name: 'Invitations: Create' }).check();
    await roleDialog.getByRole('checkbox', { name: 'Members: Update' }).check();
    await screenshot(owner, 'org-10-role-matrix');
    await roleDialog.getByRole('button', { name: 'Create role' }).click();
    await owner.getByText('Invitations: Create · Members: Update').waitFor();
    await owner.getByRole('button', { name: 'Edit support' }).click();
    await owner.getByRole('dialog').getByRole('checkbox', { name: 'Members: Update' }).uncheck();
    await owner.getByRole('dialog').getByRole('button', { name: 'Save role' }).click();
    await owner.getByText('Invitations: Create (1)').waitFor();

    await owner.getByRole('link', { name: 'Members' }).click();
    await owner.getByRole('combobox', { name: `Role of ${INVITEE.name}` }).selectOption('support');
    await owner.getByRole('dialog').getByRole('button', { name: 'Change role' }).click();
    await owner.getByText(`${INVITEE.name} is now Support.`).waitFor();

    // A role somebody holds cannot be deleted; the refusal is shown in words.
    await owner.getByRole('link', { name: 'Roles' }).click();
    await owner.getByRole('button', { name: 'Delete support' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Delete role' }).click();
    await owner.getByRole('dialog').getByText('Members still hold this role').waitFor();
    await owner.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await owner.getByRole('link', { name: 'Settings' }).click();
    await owner.getByLabel('Name').fill('Acme Rocketry');
    await owner.getByLabel('Slug').fill('rocketry');
    await owner.getByText('This slug is free.').waitFor();
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await owner.getByRole('heading', { name: 'Acme Rocketry', exact: true }).waitFor();
    await owner.getByText('This is the current slug.').waitFor();
    await screenshot(owner, 'org-11-settings');

    // The only owner is refused, in words.
    await owner.getByRole('button', { name: 'Leave organization…' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'Leave organization' }).click();
    await owner.getByRole('dialog').getByText('An organization needs an owner').waitFor();
    await owner.getByRole('dialog').getByRole('button', { name: 'Stay' }).click();

    // The admin leaves from their own browser.
    const inviteeContext = await browser.newContext();
    const invitee = await inviteeContext.newPage();
    await signIn(invitee, INVITEE);
    await switchTo(invitee, 'Acme Rocketry');
    // The custom role's permissions come from the server: inviting yes, changing roles no.
    await invitee.getByRole('button', { name: 'Invite member…' }).waitFor();
    expect(await invitee.getByRole('combobox', { name: /^Role of/ }).count()).toBe(0);
    await screenshot(invitee, 'org-12-custom-role-view');
    await invitee.getByRole('link', { name: 'Settings' }).click();
    await invitee.getByRole('button', { name: 'Leave organization…' }).click();
    await invitee.getByRole('dialog').getByRole('button', { name: 'Leave organization' }).click();
    await invitee.getByRole('heading', { name: 'Profile' }).waitFor();
    await expect.poll(() => switcherChoices(invitee)).not.toContain('Acme Rocketry');

    // Deleting needs the slug typed.
    await owner.getByRole('button', { name: 'Delete organization…' }).click();
    const confirm = owner.getByRole('dialog');
    const remove = confirm.getByRole('button', { name: 'Delete organization' });
    expect(await remove.isDisabled()).toBe(true);
    await confirm.getByLabel('Type rocketry to confirm').fill('rocketry');
    await remove.click();
    await owner.getByRole('heading', { name: 'Profile' }).waitFor();
    await expect.poll(() => switcherChoices(owner)).not.toContain('Acme Rocketry');
    await owner.getByRole('button', { name: /^Organization: Personal/ }).waitFor();

    await inviteeContext.close();
    await ownerContext.close();
  }, 120_000);
});
