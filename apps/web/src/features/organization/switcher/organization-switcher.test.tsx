// @vitest-environment happy-dom
import type { Invitation, Organization } from '@gatehouse/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { ORG_ID } from '../testing/fixtures.tsx';
import { OrganizationSwitcher } from './organization-switcher.tsx';

// The HTTP client is mocked: under test is what the menu offers and what choosing sends.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationList: vi.fn(),
    organizationListUserInvitations: vi.fn(),
    organizationSetActive: vi.fn(),
  },
}));

const list = vi.mocked(authClient.organizationList);
const myInvitations = vi.mocked(authClient.organizationListUserInvitations);
const setActive = vi.mocked(authClient.organizationSetActive);

const LOGO = 'https://cdn.example.com/acme.png';
const organization = (id: string, name: string, logo: string | null): Organization => ({
  id,
  name,
  slug: name.toLowerCase(),
  logo,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ACME = organization(ORG_ID, 'Acme', LOGO);
const GLOBEX = organization('org-globex', 'Globex', null);

const IN_A_WEEK = new Date(Date.now() + 7 * 86_400_000).toISOString();
const invitation = (
  id: string,
  organizationName: string,
  expiresAt = IN_A_WEEK,
): Invitation & { organizationName: string } => ({
  id,
  organizationId: `org-${id}`,
  email: 'grace@example.com',
  role: 'member',
  status: 'pending',
  expiresAt,
  createdAt: '2026-01-01T00:00:00.000Z',
  inviterId: 'user-olga',
  organizationName,
});

function open(activeOrganizationId: string | null, emailVerified = true) {
  const session = sessionFor(
    { id: 'user-grace', name: 'Grace Hopper', email: 'grace@example.com' },
    activeOrganizationId,
  );
  session.user.emailVerified = emailVerified;
  return renderRoutes(
    [
      { path: '/account', element: <OrganizationSwitcher /> },
      { path: '/organization/members', element: <OrganizationSwitcher /> },
      { path: '/accept-invitation/:invitationId', element: <p>Invitation page</p> },
    ],
    '/account',
    session,
  );
}

const trigger = () => screen.getByRole('button', { name: /^Organization:/ });

describe('OrganizationSwitcher', () => {
  beforeEach(() => {
    for (const mock of [list, myInvitations, setActive]) mock.mockReset();
    list.mockResolvedValue([ACME, GLOBEX]);
    myInvitations.mockResolvedValue([]);
  });
  afterEach(cleanup);

  it('shows the active organization with its logo, and each organization in the menu with logo or initials', async () => {
    const { user } = open(ORG_ID);
    await waitFor(() => expect(trigger().textContent).toContain('Acme'));
    expect(trigger().querySelector('img')?.getAttribute('src')).toBe(LOGO);
    await user.click(trigger());
    const menu = await screen.findByRole('menu');
    const acme = within(menu).getByRole('menuitemradio', { name: 'Acme' });
    expect(acme.getAttribute('aria-checked')).toBe('true');
    expect(acme.querySelector('img')?.getAttribute('src')).toBe(LOGO);
    const globex = within(menu).getByRole('menuitemradio', { name: /Globex/ });
    expect(globex.querySelector('img')).toBeNull();
    expect(globex.textContent).toContain('G');
    expect(within(menu).getByRole('menuitemradio', { name: /Personal/ })).toBeTruthy();
    // Verified, but nothing pending: no invitations section.
    await waitFor(() => expect(myInvitations).toHaveBeenCalled());
    expect(within(menu).queryByText('Invitations')).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Create organization' }).getAttribute('href')).toBe(
      '/organization/new',
    );
  });

  it('a logo that fails to load gives way to the initials', async () => {
    const { user } = open(ORG_ID);
    await waitFor(() => expect(trigger().textContent).toContain('Acme'));
    await user.click(trigger());
    const acme = within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: 'Acme' });
    acme.querySelector('img')?.dispatchEvent(new Event('error'));
    await waitFor(() => expect(acme.querySelector('img')).toBeNull());
    expect(acme.textContent).toContain('A');
  });

  it('counts pending invitations on the button and lists each as a Join link; expired ones are left out', async () => {
    myInvitations.mockResolvedValue([
      invitation('inv-1', 'Initech'),
      invitation('inv-2', 'Umbrella'),
      invitation('inv-3', 'Expired Co', '2020-01-01T00:00:00.000Z'),
    ]);
    const { user, router } = open(null);
    await waitFor(() => expect(trigger().textContent).toContain('2'));
    expect(trigger().textContent).toContain('2 waiting');
    expect(trigger().textContent).toContain('Personal');
    await user.click(trigger());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Invitations')).toBeTruthy();
    const join = within(menu).getByRole('menuitem', { name: 'Join Initech' });
    expect(join.getAttribute('href')).toBe('/accept-invitation/inv-1');
    expect(within(menu).getByRole('menuitem', { name: 'Join Umbrella' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Join Expired Co' })).toBeNull();
    await user.click(join);
    await screen.findByText('Invitation page');
    expect(router.state.location.pathname).toBe('/accept-invitation/inv-1');
  });

  it('has no invitations section nor count without pending invitations, and does not ask for an unverified email', async () => {
    const { user } = open(ORG_ID, false);
    await waitFor(() => expect(trigger().textContent).toContain('Acme'));
    expect(myInvitations).not.toHaveBeenCalled();
    const button = trigger();
    expect(button.textContent).not.toContain('waiting');
    await user.click(button);
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Invitations')).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: /^Join/ })).toBeNull();
  });

  it('choosing an organization makes it active and opens its members', async () => {
    setActive.mockResolvedValue({ ...GLOBEX, members: [], invitations: [] } as never);
    const { user, router } = open(ORG_ID);
    await waitFor(() => expect(trigger().textContent).toContain('Acme'));
    await user.click(trigger());
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitemradio', { name: /Globex/ }));
    await waitFor(() => expect(setActive).toHaveBeenCalledWith({ organizationId: 'org-globex' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/members'));
  });
});
