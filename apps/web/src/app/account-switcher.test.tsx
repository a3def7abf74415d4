// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DropdownMenu, DropdownMenuContent } from '../components/ui/dropdown-menu.tsx';
import { authClient } from '../lib/auth-client.ts';
import { AccountSwitcher } from './account-switcher.tsx';

// The HTTP client is mocked: the test checks which session the menu names in each call and what
// it does after. The server's side is packages/core/src/features/multi-session/.
vi.mock('../lib/auth-client.ts', () => ({
  authClient: { listDeviceSessions: vi.fn(), setActiveSession: vi.fn(), revokeDeviceSession: vi.fn() },
}));

const client = vi.mocked(authClient);
const entry = (token: string, name: string, email: string) =>
  ({ session: { token }, user: { name, email } }) as never;

beforeEach(() => {
  client.listDeviceSessions.mockReset();
  client.setActiveSession.mockReset();
  client.revokeDeviceSession.mockReset();
  client.listDeviceSessions.mockResolvedValue([
    entry('tok-ada', 'Ada Lovelace', 'ada@example.com'),
    entry('tok-grace', 'Grace Hopper', 'grace@example.com'),
  ]);
});
afterEach(cleanup);

function renderSwitcher() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(['cached-of-ada'], 'private');
  const router = createMemoryRouter(
    [
      {
        path: '/organizations',
        element: (
          <DropdownMenu open>
            <DropdownMenuContent>
              <AccountSwitcher activeToken="tok-ada" />
            </DropdownMenuContent>
          </DropdownMenu>
        ),
      },
      { path: '/account', element: <p>account page</p> },
    ],
    { initialEntries: ['/organizations'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { queryClient, user: userEvent.setup() };
}

it('lists the other people signed in here with name and email, not the current one', async () => {
  renderSwitcher();
  expect(await screen.findByText('Grace Hopper')).toBeTruthy();
  expect(screen.getByText('grace@example.com')).toBeTruthy();
  expect(screen.queryByText('Ada Lovelace')).toBeNull();
});

it('switches to another person, then empties the cache and goes to the account', async () => {
  client.setActiveSession.mockResolvedValue(entry('tok-grace', 'Grace Hopper', 'grace@example.com'));
  const { queryClient, user } = renderSwitcher();
  await user.click(await screen.findByRole('menuitem', { name: /Grace Hopper/ }));
  expect(await screen.findByText('account page')).toBeTruthy();
  expect(client.setActiveSession).toHaveBeenCalledWith({ sessionToken: 'tok-grace' });
  expect(queryClient.getQueryData(['cached-of-ada'])).toBeUndefined();
});

it('signs the current person out alone', async () => {
  client.revokeDeviceSession.mockResolvedValue({ status: true });
  const { queryClient, user } = renderSwitcher();
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out of this account' }));
  expect(await screen.findByText('account page')).toBeTruthy();
  expect(client.revokeDeviceSession).toHaveBeenCalledWith({ sessionToken: 'tok-ada' });
  expect(queryClient.getQueryData(['cached-of-ada'])).toBeUndefined();
});

it('words a session no longer signed in, and stays', async () => {
  client.setActiveSession.mockRejectedValue(
    new GatehouseError(401, 'INVALID_SESSION_TOKEN', 'Invalid session token'),
  );
  const { queryClient, user } = renderSwitcher();
  await user.click(await screen.findByRole('menuitem', { name: /Grace Hopper/ }));
  expect(
    await screen.findByText('That account is no longer signed in on this browser. Sign in again.'),
  ).toBeTruthy();
  expect(screen.queryByText('account page')).toBeNull();
  expect(queryClient.getQueryData(['cached-of-ada'])).toBe('private');
});
