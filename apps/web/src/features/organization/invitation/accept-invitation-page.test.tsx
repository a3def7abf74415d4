// @vitest-environment happy-dom
import { GatehouseError, type InvitationDetails } from '@gatehouse/client';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { ORG_ID } from '../testing/fixtures.tsx';
import { AcceptInvitationPage } from './accept-invitation-page.tsx';

// The HTTP client is mocked: under test is what the recipient sees in each state and which calls
// their answer makes; the invitation lifecycle itself is tested on the server.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationGetInvitation: vi.fn(),
    organizationInvitationPreview: vi.fn(),
    organizationAcceptInvitation: vi.fn(),
    organizationRejectInvitation: vi.fn(),
    organizationSetActive: vi.fn(),
    signOut: vi.fn(),
  },
}));

const getInvitation = vi.mocked(authClient.organizationGetInvitation);
const preview = vi.mocked(authClient.organizationInvitationPreview);
const accept = vi.mocked(authClient.organizationAcceptInvitation);
const reject = vi.mocked(authClient.organizationRejectInvitation);
const setActive = vi.mocked(authClient.organizationSetActive);

const GRACE = { id: 'user-grace', name: 'Grace', email: 'grace@example.com' };
const INVITATION: InvitationDetails = {
  id: 'inv-1',
  organizationId: ORG_ID,
  email: GRACE.email,
  role: 'member',
  teamId: null,
  status: 'pending',
  expiresAt: '2030-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  inviterId: 'user-olga',
  organizationName: 'Acme',
  organizationSlug: 'acme',
  inviterEmail: 'olga@example.com',
};

function openLink(signedIn: boolean) {
  return renderRoutes(
    [
      { path: '/accept-invitation/:invitationId', element: <AcceptInvitationPage /> },
      { path: '/organization/members', element: <h1>Members page</h1> },
      { path: '/sign-in', element: <h1>Sign-in page</h1> },
    ],
    '/accept-invitation/inv-1',
    signedIn ? sessionFor(GRACE, null) : null,
  );
}

describe('AcceptInvitationPage', () => {
  beforeEach(() => {
    for (const mock of [getInvitation, preview, accept, reject, setActive]) mock.mockReset();
    getInvitation.mockResolvedValue(INVITATION);
    preview.mockResolvedValue({
      id: 'inv-1',
      email: GRACE.email,
      role: 'admin',
      expiresAt: INVITATION.expiresAt,
      organizationName: 'Acme',
      organizationLogo: null,
      inviterName: 'Olga',
    });
  });
  afterEach(cleanup);

  it('signed out: says who invites which address to what, and both ways in carry the address and come back', async () => {
    openLink(false);
    await screen.findByRole('heading', { name: 'Join Acme' });
    expect(document.body.textContent).toContain('Olga invited grace@example.com to join Acme as Admin.');
    const onward = `?next=${encodeURIComponent('/accept-invitation/inv-1')}&email=${encodeURIComponent(GRACE.email)}`;
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/sign-in${onward}`);
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
      `/sign-up${onward}`,
    );
    expect(preview).toHaveBeenCalledWith({ id: 'inv-1' }, expect.anything());
    expect(getInvitation).not.toHaveBeenCalled();
  });

  it('signed out, with a link that no longer works: says so and still offers sign-in', async () => {
    preview.mockRejectedValue(new GatehouseError(400, 'INVITATION_NOT_FOUND', 'Invitation not found'));
    openLink(false);
    await screen.findByRole('heading', { name: 'This invitation cannot be opened' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create account' })).toBeNull();
  });

  it('signed in: shows who invited them to what, and accepting lands in the organization', async () => {
    accept.mockResolvedValue({
      invitation: { ...INVITATION, status: 'accepted' },
      member: { id: 'm', organizationId: ORG_ID, userId: GRACE.id, role: 'member', createdAt: '' },
    });
    setActive.mockResolvedValue(null);
    const { user, router } = openLink(true);
    await screen.findByRole('heading', { name: 'Join Acme' });
    expect(
      screen.getByText(/olga@example\.com invited you \(grace@example\.com\) to join Acme as Member/),
    ).toBeTruthy();
    expect(getInvitation).toHaveBeenCalledWith({ id: 'inv-1' }, expect.anything());
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await screen.findByRole('heading', { name: 'Members page' });
    expect(accept).toHaveBeenCalledWith({ invitationId: 'inv-1' });
    expect(setActive).toHaveBeenCalledWith({ organizationId: ORG_ID });
    expect(router.state.location.pathname).toBe('/organization/members');
  });

  it('declining says so and does not join', async () => {
    reject.mockResolvedValue({ invitation: { ...INVITATION, status: 'rejected' }, member: null });
    const { user } = openLink(true);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    await screen.findByRole('heading', { name: 'Invitation declined' });
    expect(reject).toHaveBeenCalledWith({ invitationId: 'inv-1' });
    expect(accept).not.toHaveBeenCalled();
  });

  it('an invitation no longer valid says why', async () => {
    getInvitation.mockRejectedValue(new GatehouseError(400, 'INVITATION_NOT_FOUND', 'Invitation not found'));
    openLink(true);
    await screen.findByRole('heading', { name: 'This invitation cannot be opened' });
    expect(screen.getByRole('alert').textContent).toMatch(/expired, been canceled or already been answered/);
  });

  it('someone else’s invitation tells which account is signed in and offers signing out', async () => {
    getInvitation.mockRejectedValue(
      new GatehouseError(403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION', 'You are not the recipient'),
    );
    openLink(true);
    await screen.findByText('You are signed in as grace@example.com.');
    expect(screen.getByRole('alert').textContent).toMatch(/sent to another email address/);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('a refused answer stays on the page with the reason, the buttons usable again', async () => {
    accept.mockRejectedValue(
      new GatehouseError(
        403,
        'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
        'Organization membership limit reached',
      ),
    );
    const { user } = openLink(true);
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/member limit/);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Accept invitation' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(setActive).not.toHaveBeenCalled();
  });
});
