// @vitest-environment happy-dom
import { type AccountDeletionMode, GatehouseError } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
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

async function openDialog(accountDeletion: AccountDeletionMode = 'immediate') {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  // What GET /api/config would answer: only the deletion mode matters here.
  queryClient.setQueryData(productConfigQueryKey, {
    socialProviders: [],
    signUp: 'open',
    passwordMinLength: 8,
    passkeys: false,
    accountDeletion,
  });
  const router = createMemoryRouter([{ path: '/account/delete', element: <DeleteAccountDialog /> }], {
    initialEntries: ['/account/delete'],
  });
  render(
    <QueryClientProvider client={queryClient}>
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

  it('says deletion is at once when ACCOUNT_DELETION is immediate', async () => {
    const { dialog } = await openDialog('immediate');
    expect(dialog.getByText(/deleted at once/)).toBeTruthy();
    expect(dialog.queryByText(/check your email/)).toBeNull();
  });

  it('with ACCOUNT_DELETION=email says to check the email, and says the link was sent', async () => {
    deleteUser.mockResolvedValue({ success: true, message: 'Verification email sent' });
    const { user, dialog } = await openDialog('email');
    expect(dialog.getByText(/check your email, your account is deleted only when you open it/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Password'), 'correct horse battery');
    await user.click(dialog.getByRole('button', { name: 'Delete account' }));
    expect(await dialog.findByText(/We emailed you a link to confirm/)).toBeTruthy();
    expect(deleteUser).toHaveBeenCalledWith({ password: 'correct horse battery' });
  });
});
