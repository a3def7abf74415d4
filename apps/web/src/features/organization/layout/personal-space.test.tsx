// @vitest-environment happy-dom
import type { Invitation } from '@gatehouse/client';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { ORG_ID } from '../testing/fixtures.tsx';
import { PersonalSpace } from './personal-space.tsx';

// The HTTP client is mocked: under test is what the personal space offers.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationList: vi.fn(),
    organizationListUserInvitations: vi.fn(),
    organizationSetActive: vi.fn(),
  },
}));

const list = vi.mocked(authClient.organizationList);
const myInvitations = vi.mocked(authClient.organizationListUserInvitations);

const pending = (
  id: string,
  organizationName: string,
  expiresAt: string,
): Invitation & { organizationName: string } => ({
  id,
  organizationId: ORG_ID,
  email: 'grace@example.com',
  role: 'member',
  status: 'pending',
  expiresAt,
  createdAt: '2026-01-01T00:00:00.000Z',
  inviterId: 'user-olga',
  organizationName,
});

function open(emailVerified: boolean) {
  const session = sessionFor({ id: 'user-grace', name: 'Grace', email: 'grace@example.com' }, null);
  session.user.emailVerified = emailVerified;
  return renderRoutes([{ path: '/organization', element: <PersonalSpace /> }], '/organization', session);
}

describe('PersonalSpace', () => {
  beforeEach(() => {
    list.mockReset();
    myInvitations.mockReset();
    list.mockResolvedValue([]);
    myInvitations.mockResolvedValue([
      pending('inv-1', 'Acme', '2030-01-01T00:00:00.000Z'),
      pending('inv-2', 'Old Co', '2020-01-01T00:00:00.000Z'),
    ]);
  });
  afterEach(cleanup);

  it('links the invitations still open to their pages, leaving out expired ones', async () => {
    open(true);
    const link = await screen.findByRole('link', { name: 'Join Acme' });
    expect(link.getAttribute('href')).toBe('/accept-invitation/inv-1');
    expect(screen.queryByRole('link', { name: 'Join Old Co' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create organization' })).toBeTruthy();
  });

  it('does not ask for invitations with an unverified email (the server refuses those)', async () => {
    open(false);
    await screen.findByRole('link', { name: 'Create organization' });
    expect(myInvitations).not.toHaveBeenCalled();
  });
});
