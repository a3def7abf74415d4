// @vitest-environment happy-dom
import { type AdminUser, GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { MembershipsCard } from './memberships-card.tsx';

// The HTTP client is mocked: this checks what the card shows for each answer; the route itself
// is tested on the server (list-user-memberships.test.ts).
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { adminListUserMemberships: vi.fn() } }));

const listMemberships = vi.mocked(authClient.adminListUserMemberships);

const ADA = { id: 'user-ada', name: 'Ada', email: 'ada@example.com' } as AdminUser;

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MembershipsCard user={ADA} />
    </QueryClientProvider>,
  );

describe('MembershipsCard', () => {
  beforeEach(() => {
    // A block body on purpose: a function returned by beforeEach is run as the test's teardown,
    // and mockReset returns the mock, which would then be called once more after each test.
    listMemberships.mockReset();
    listMemberships.mockResolvedValue([]);
  });
  afterEach(cleanup);

  it('lists each organization with the role and the day they joined', async () => {
    listMemberships.mockResolvedValue([
      {
        memberId: 'm1',
        role: 'owner',
        joinedAt: '2026-03-04T10:00:00.000Z',
        organization: { id: 'o1', name: 'Acme', slug: 'acme', logo: null },
      },
      {
        memberId: 'm2',
        role: 'admin,member',
        joinedAt: '2026-05-06T10:00:00.000Z',
        organization: { id: 'o2', name: 'Globex', slug: 'globex', logo: null },
      },
    ]);
    renderCard();
    await screen.findByText('Member of 2 organizations');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toContain('Acme');
    expect(items[0]).toContain('Owner');
    expect(items[1]).toContain('Admin, Member');
    expect(screen.getAllByText(/Joined/)).toHaveLength(2);
    expect(listMemberships).toHaveBeenCalledWith({ userId: 'user-ada' }, expect.anything());
  });

  it('says so when there are none, and shows an error', async () => {
    renderCard();
    await screen.findByText('Not a member of any organization.');
    cleanup();

    listMemberships.mockRejectedValue(new GatehouseError(500, 'INTERNAL_SERVER_ERROR', 'Boom'));
    renderCard();
    await screen.findByText(/The organizations could not be loaded/);
  });

  it('disappears when organizations are off (the route is 404)', async () => {
    listMemberships.mockImplementation(async () => {
      throw new GatehouseError(404, 'NOT_FOUND', 'Not Found');
    });
    const { container } = renderCard();
    await waitFor(() => expect(listMemberships).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
