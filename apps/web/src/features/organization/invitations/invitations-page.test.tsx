// @vitest-environment happy-dom
import { GatehouseError, type Invitation } from '@gatehouse/client';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { OrganizationLayout } from '../layout/organization-layout.tsx';
import { fullOrganization, member, ORG_ID } from '../testing/fixtures.tsx';
import { InvitationsPage } from './invitations-page.tsx';

// The HTTP client is mocked: under test is what the invitations screen shows to whom and what its
// buttons send; invitations themselves are tested on the server.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationGetFull: vi.fn(),
    organizationListRoles: vi.fn(),
    organizationHasPermission: vi.fn(),
    organizationInviteMember: vi.fn(),
    organizationCancelInvitation: vi.fn(),
  },
}));

const getFull = vi.mocked(authClient.organizationGetFull);
const listRoles = vi.mocked(authClient.organizationListRoles);
const invite = vi.mocked(authClient.organizationInviteMember);
const cancel = vi.mocked(authClient.organizationCancelInvitation);

const OWNER = member('olga', 'owner', 'Olga');
const PLAIN = member('mia', 'member', 'Mia');

function invitation(id: string, email: string, status: Invitation['status'], role = 'member'): Invitation {
  return {
    id,
    organizationId: ORG_ID,
    email,
    role,
    teamId: null,
    status,
    expiresAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    inviterId: OWNER.userId,
  };
}

function openAs(me: ReturnType<typeof member>) {
  return renderRoutes(
    [
      {
        path: '/organization',
        element: (
          <>
            <Toaster />
            <OrganizationLayout />
          </>
        ),
        children: [{ path: '/organization/invitations', element: <InvitationsPage /> }],
      },
    ],
    '/organization/invitations',
    sessionFor(me.user, ORG_ID),
  );
}

describe('InvitationsPage', () => {
  beforeEach(() => {
    for (const mock of [getFull, listRoles, invite, cancel]) mock.mockReset();
    listRoles.mockResolvedValue([]);
    getFull.mockResolvedValue(
      fullOrganization([OWNER, PLAIN], {
        invitations: [
          invitation('inv-1', 'ada@example.com', 'pending', 'admin'),
          invitation('inv-2', 'bob@example.com', 'accepted'),
          invitation('inv-3', 'cy@example.com', 'canceled'),
        ],
      }),
    );
  });
  afterEach(cleanup);

  it('lists only pending invitations, each with resend and cancel, for a role that may invite', async () => {
    openAs(OWNER);
    await screen.findByText('ada@example.com');
    expect(screen.queryByText('bob@example.com')).toBeNull();
    expect(screen.queryByText('cy@example.com')).toBeNull();
    expect(screen.getByRole('button', { name: 'Resend the invitation to ada@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel the invitation to ada@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite member…' })).toBeTruthy();
  });

  it('resend asks the server to send the same invitation again', async () => {
    invite.mockResolvedValue(invitation('inv-1', 'ada@example.com', 'pending', 'admin'));
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to ada@example.com' }));
    await waitFor(() =>
      expect(invite).toHaveBeenCalledWith({
        email: 'ada@example.com',
        role: 'admin',
        organizationId: ORG_ID,
        resend: true,
      }),
    );
    await screen.findByText('Sent the invitation to ada@example.com again.');
  });

  it('cancel sends the invitation id; a refusal is shown in the app’s words, not the server’s English', async () => {
    cancel.mockRejectedValue(
      new GatehouseError(
        403,
        'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
        'You are not allowed to cancel this invitation',
      ),
    );
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Cancel the invitation to ada@example.com' }));
    expect(cancel).toHaveBeenCalledWith({ invitationId: 'inv-1' });
    await screen.findByText('Your role does not allow cancelling this invitation.');
  });

  it('a plain member gets neither the list nor the invite button', async () => {
    openAs(PLAIN);
    await screen.findByText('Your role does not allow inviting people or seeing invitations.');
    expect(screen.queryByText('ada@example.com')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite member…' })).toBeNull();
  });

  it('invites with the chosen role and team', async () => {
    getFull.mockResolvedValue(
      fullOrganization([OWNER], {
        teams: [{ id: 'team-1', name: 'Launch', organizationId: ORG_ID, createdAt: '', updatedAt: null }],
      }),
    );
    invite.mockResolvedValue(invitation('inv-9', 'zoe@example.com', 'pending', 'admin'));
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Invite member…' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('Email addresses'), 'zoe@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.selectOptions(screen.getByLabelText('Team (optional)'), 'Launch');
    expect(dialog.textContent).toContain('Owner');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(invite).toHaveBeenCalledWith({
        email: 'zoe@example.com',
        role: 'admin',
        organizationId: ORG_ID,
        teamId: 'team-1',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('invites a pasted list one by one; refused addresses stay with the reason', async () => {
    invite.mockImplementation(async ({ email }) => {
      if (email === 'taken@example.com') {
        throw new GatehouseError(
          400,
          'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
          'User is already a member',
        );
      }
      return invitation(`inv-${email}`, email, 'pending');
    });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Invite member…' }));
    await user.type(
      screen.getByLabelText('Email addresses'),
      'zoe@example.com, taken@example.com{enter}<yan@example.com>; ZOE@example.com',
    );
    await user.click(screen.getByRole('button', { name: 'Send 3 invitations' }));
    await waitFor(() => expect(invite).toHaveBeenCalledTimes(3));
    expect(invite.mock.calls.map(([input]) => input.email)).toEqual([
      'zoe@example.com',
      'taken@example.com',
      'yan@example.com',
    ]);
    await screen.findByText('2 invitations sent.');
    expect((screen.getByLabelText('Email addresses') as HTMLTextAreaElement).value).toBe('taken@example.com');
    expect(screen.getByRole('dialog').textContent).toContain('Not sent: taken@example.com');
  });

  it('copies the invitation link', async () => {
    // user-event puts a working clipboard stub in place of the browser's.
    const { user } = openAs(OWNER);
    await user.click(
      await screen.findByRole('button', { name: 'Copy link to the invitation for ada@example.com' }),
    );
    await screen.findByText('Copied the invitation link for ada@example.com.');
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/accept-invitation/inv-1`);
  });
});
