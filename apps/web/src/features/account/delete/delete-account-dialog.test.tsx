// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

// The HTTP client is mocked because this tests the dialog's own logic (which guidance each answer
// gets); the real deletion flow against the server is covered end to end.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    deleteUser: vi.fn(),
    signOut: vi.fn(),
    getSession: vi.fn(async () => null),
    onSessionChange: () => () => {},
  },
}));

const deleteUser = vi.mocked(authClient.deleteUser);

async function openDialog() {
  const router = createMemoryRouter([{ path: '/account/delete', element: <DeleteAccountDialog /> }], {
    initialEntries: ['/account/delete'],
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SessionProvider client={authClient}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete account…' }));
  return { user, dialog: within(await screen.findByRole('dialog')) };
}

describe('DeleteAccountDialog', () => {
  beforeEach(() => {
    deleteUser.mockReset();
  });
  afterEach(cleanup);

  it('asks for the password before calling the server', async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByText('Enter your password.')).toBeTruthy();
    expect(deleteUser).not.toHaveBeenCalled();
  });

  it('answers SESSION_EXPIRED with a link to sign in again and come back', async () => {
    deleteUser.mockRejectedValue(new GatehouseError(400, 'SESSION_EXPIRED', 'Session expired.'));
    const { user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Password'), 'correct horse battery');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));

    const link = await dialog.findByRole('link', { name: 'Sign in again' });
    expect(link.getAttribute('href')).toBe('/sign-in?next=/account/delete');
    expect(dialog.getByRole('alert').textContent).toContain('please sign in again');
    expect(deleteUser).toHaveBeenCalledWith({ password: 'correct horse battery' });
  });

  it('puts USER_ALREADY_HAS_PASSWORD and INVALID_PASSWORD at the password field', async () => {
    deleteUser
      .mockRejectedValueOnce(new GatehouseError(400, 'USER_ALREADY_HAS_PASSWORD', 'Provide the password'))
      .mockRejectedValueOnce(new GatehouseError(400, 'INVALID_PASSWORD', 'Invalid password'));
    const { user, dialog } = await openDialog();
    const password = dialog.getByLabelText('Password');
    await user.type(password, 'something');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByText('Enter your password to delete your account.')).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByText('That password is not right.')).toBeTruthy();
    expect(dialog.queryByRole('link', { name: 'Sign in again' })).toBeNull();
  });
});
