// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { testQueryClient } from '../../../lib/test-query-client.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

// The HTTP client is mocked because this tests the form's own logic (validation, where errors go,
// what it sends); the real change-password flow against the server is covered end to end.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: { changePassword: vi.fn() },
}));

const changePassword = vi.mocked(authClient.changePassword);

function renderForm() {
  const queryClient = testQueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChangePasswordForm />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { current: string; next: string; confirm: string },
) {
  await user.type(screen.getByLabelText('Current password'), values.current);
  await user.type(screen.getByLabelText('New password'), values.next);
  await user.type(screen.getByLabelText('Confirm new password'), values.confirm);
}

// Typing three passwords key by key takes seconds on a busy machine.
describe('ChangePasswordForm', { timeout: 15_000 }, () => {
  // Braces matter: a function returned from beforeEach is run as its teardown.
  beforeEach(() => {
    changePassword.mockReset();
  });
  afterEach(cleanup);

  it('shows a mismatched confirmation at its field without calling the server', async () => {
    const user = renderForm();
    await fill(user, { current: 'old password', next: 'new password 1', confirm: 'new password 2' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const confirm = screen.getByLabelText('Confirm new password');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(confirm.getAttribute('aria-describedby')).toContain(
      screen.getByText('The passwords do not match.').id,
    );
    expect(changePassword).not.toHaveBeenCalled();
  });

  it('puts INVALID_PASSWORD at the current-password field and focuses it', async () => {
    changePassword.mockRejectedValue(new GatehouseError(400, 'INVALID_PASSWORD', 'Invalid password'));
    const user = renderForm();
    await fill(user, { current: 'wrong password', next: 'new password 1', confirm: 'new password 1' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That password is not right.')).toBeTruthy();
    expect(document.activeElement).toBe(current);
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBeNull();
    // At the field only: no form-level alert repeats it.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'That password is not right.',
    ]);
  });

  it('sends the passwords and the sign-out choice, then empties the form', async () => {
    changePassword.mockResolvedValue({ token: 'new-token', user: {} as never });
    const user = renderForm();
    await fill(user, { current: 'old password', next: 'new password 1', confirm: 'new password 1' });
    await user.click(screen.getByRole('checkbox', { name: 'Sign out of other devices' }));
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(changePassword).toHaveBeenCalledWith({
        currentPassword: 'old password',
        newPassword: 'new password 1',
        revokeOtherSessions: true,
      }),
    );
    await waitFor(() =>
      expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(''),
    );
    expect(
      screen.getByRole('checkbox', { name: 'Sign out of other devices' }).getAttribute('aria-checked'),
    ).toBe('false');
  });
});
