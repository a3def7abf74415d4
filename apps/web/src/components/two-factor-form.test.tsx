// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../lib/auth-client.ts';
import type { SecondFactor } from '../lib/two-factor.ts';
import { TwoFactorForm } from './two-factor-form.tsx';

// The HTTP client is mocked: the server's answers are given here, so this checks what the form
// sends and where it says each refusal. The real second step is driven in e2e/two-factor.test.ts.
vi.mock('../lib/auth-client.ts', () => ({
  authClient: {
    twoFactorVerifyTotp: vi.fn(),
    twoFactorVerifyOtp: vi.fn(),
    twoFactorVerifyBackupCode: vi.fn(),
    twoFactorSendOtp: vi.fn(),
  },
}));

const verifyTotp = vi.mocked(authClient.twoFactorVerifyTotp);
const verifyOtp = vi.mocked(authClient.twoFactorVerifyOtp);
const verifyBackupCode = vi.mocked(authClient.twoFactorVerifyBackupCode);
const sendOtp = vi.mocked(authClient.twoFactorSendOtp);

function renderForm(methods: SecondFactor[] = ['totp', 'otp']) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <TwoFactorForm methods={methods} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('TwoFactorForm', () => {
  beforeEach(() => {
    vi.resetAllMocks();
  });
  afterEach(cleanup);

  it('sends the app code without its spaces, and the trust choice', async () => {
    verifyTotp.mockResolvedValue({ token: 't', user: {} as never });
    const user = renderForm();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '123 456');
    await user.click(screen.getByRole('checkbox', { name: 'Trust this browser for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(verifyTotp).toHaveBeenCalledWith({ code: '123456', trustDevice: true }));
  });

  it('asks for a code at the field without calling the server', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const field = screen.getByLabelText('Code from your authenticator app');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter the code.')).toBeTruthy();
    expect(verifyTotp).not.toHaveBeenCalled();
  });

  it('says a wrong code at the field and focuses it', async () => {
    verifyTotp.mockRejectedValue(new GatehouseError(401, 'INVALID_CODE', 'Invalid code'));
    const user = renderForm();
    const field = screen.getByLabelText('Code from your authenticator app');
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const message = await screen.findByText('That code is not right. Check it and try again.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(field);
  });

  it('says the lockout on the form, with its length and when to try again', async () => {
    verifyTotp.mockRejectedValue(
      new GatehouseError(429, 'ACCOUNT_TEMPORARILY_LOCKED', 'Too many failed verification attempts.'),
    );
    const user = renderForm();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/locked for 15 minutes\. Try again after .+\.$/);
    expect(screen.getByLabelText('Code from your authenticator app').getAttribute('aria-invalid')).toBeNull();
  });

  it('offers a new sign-in when the challenge is gone', async () => {
    verifyTotp.mockRejectedValue(
      new GatehouseError(401, 'INVALID_TWO_FACTOR_COOKIE', 'Invalid two factor cookie'),
    );
    const user = renderForm();
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(/This sign-in has expired/);
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe('/sign-in');
  });

  it('offers only the methods the sign-in listed, and backup codes', async () => {
    verifyOtp.mockResolvedValue({ token: 't', user: {} as never });
    sendOtp.mockResolvedValue({ status: true });
    const user = renderForm(['otp']);
    expect(screen.queryByRole('button', { name: 'Use your authenticator app' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a backup code' })).toBeTruthy();
    // The code field waits for the email.
    expect(screen.queryByLabelText('Code from the email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await user.type(await screen.findByLabelText('Code from the email'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(verifyOtp).toHaveBeenCalledWith({ code: '654321', trustDevice: false }));
    expect(sendOtp).toHaveBeenCalledTimes(1);
  });

  it('sends a backup code as typed, trimmed, and says a used one at the field', async () => {
    verifyBackupCode.mockRejectedValue(new GatehouseError(401, 'INVALID_BACKUP_CODE', 'Invalid backup code'));
    const user = renderForm(['totp']);
    await user.click(screen.getByRole('button', { name: 'Use a backup code' }));
    await user.type(screen.getByLabelText('Backup code'), ' AbCde-12345 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('That backup code is not right, or it has already been used.');
    expect(verifyBackupCode).toHaveBeenCalledWith({ code: 'AbCde-12345', trustDevice: false });
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeTruthy();
  });
});
