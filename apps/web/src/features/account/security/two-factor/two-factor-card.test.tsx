// @vitest-environment happy-dom
import type { Account, SessionData } from '@gatehouse/client';
import { GatehouseError } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../../lib/auth-client.ts';
import { TwoFactorCard } from './two-factor-card.tsx';

// The HTTP client is mocked: this checks what the card sends and shows for each answer. Enrolment
// against the real server, with codes computed from the page's secret, is e2e/two-factor.test.ts.
vi.mock('../../../../lib/auth-client.ts', () => ({
  authClient: {
    getSession: vi.fn(),
    onSessionChange: () => () => {},
    listAccounts: vi.fn(),
    twoFactorEnable: vi.fn(),
    twoFactorVerifyTotp: vi.fn(),
    twoFactorGenerateBackupCodes: vi.fn(),
    twoFactorDisable: vi.fn(),
    twoFactorSendOtp: vi.fn(),
    twoFactorVerifyOtp: vi.fn(),
  },
}));

const client = vi.mocked(authClient);
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA';
const URI = `otpauth://totp/Gatehouse:ada%40example.com?secret=${SECRET}&issuer=Gatehouse&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '0')}`);

const account = (providerId: string) => ({ id: providerId, providerId }) as Account;
const sessionWith = (twoFactorEnabled: boolean) =>
  ({
    session: { id: 's1', token: 'token-1', userId: 'u1' },
    user: { id: 'u1', name: 'Ada', email: 'ada@example.com', twoFactorEnabled },
  }) as unknown as SessionData;

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // A client object of its own per test: the session store is kept per client object.
  const sessionClient = { ...authClient };
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={sessionClient}>
        <TwoFactorCard />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('TwoFactorCard', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    client.getSession.mockResolvedValue(sessionWith(false));
    client.listAccounts.mockResolvedValue([account('credential')]);
  });
  afterEach(cleanup);

  it('enrols an app: password, QR code and key, a first code, then the backup codes once', async () => {
    client.twoFactorEnable.mockResolvedValue({ method: 'totp', totpURI: URI, backupCodes: CODES });
    client.twoFactorVerifyTotp.mockResolvedValue({ token: 'token-2', user: {} as never });
    const user = renderCard();
    await screen.findByText('Off');

    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Password'), 'my password');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(client.twoFactorEnable).toHaveBeenCalledWith({ password: 'my password', method: 'totp' }),
    );

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByText(/^GEZD GNBV GY3T/).textContent?.replace(/ /g, '')).toBe(SECRET);
    // No codes before the first code is confirmed.
    expect(screen.queryByRole('list', { name: 'Backup codes' })).toBeNull();

    await user.type(screen.getByLabelText('Code from the app'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(client.twoFactorVerifyTotp).toHaveBeenCalledWith({ code: '123456' }));
    const codes = within(await screen.findByRole('list', { name: 'Backup codes' }));
    expect(codes.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    for (const name of ['Copy', 'Download (.txt)', 'Print'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('keeps a wrong password at its field in the dialog', async () => {
    client.twoFactorEnable.mockRejectedValue(new GatehouseError(400, 'INVALID_PASSWORD', 'Invalid password'));
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Password'), 'wrong');
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await dialog.findByText('That password is not right.');
    expect(dialog.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('asks no password of an account without one', async () => {
    client.listAccounts.mockResolvedValue([account('github')]);
    client.twoFactorEnable.mockResolvedValue({ method: 'totp', totpURI: URI, backupCodes: CODES });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.queryByLabelText('Password')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(client.twoFactorEnable).toHaveBeenCalledWith({ password: undefined, method: 'totp' }),
    );
  });

  it('with two-factor on: new backup codes replace the old, and it turns off', async () => {
    client.getSession.mockResolvedValue(sessionWith(true));
    client.twoFactorGenerateBackupCodes.mockResolvedValue({ status: true, backupCodes: CODES });
    client.twoFactorDisable.mockResolvedValue({ status: true });
    const user = renderCard();
    await screen.findByText('On');
    expect(screen.queryByRole('button', { name: 'Use codes sent by email' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New backup codes' }));
    let dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Password'), 'my password');
    await user.click(dialog.getByRole('button', { name: 'New backup codes' }));
    await screen.findByRole('list', { name: 'Backup codes' });
    expect(client.twoFactorGenerateBackupCodes).toHaveBeenCalledWith({ password: 'my password' });
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));

    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Password'), 'my password');
    await user.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(client.twoFactorDisable).toHaveBeenCalledWith({ password: 'my password' }));
  });

  it('turns on email codes with a first emailed code, and says an expired one at the field', async () => {
    client.twoFactorSendOtp.mockResolvedValue({ status: true });
    client.twoFactorVerifyOtp
      .mockRejectedValueOnce(new GatehouseError(400, 'OTP_HAS_EXPIRED', 'OTP has expired'))
      .mockResolvedValueOnce({ token: 'token-2', user: {} as never });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Use codes sent by email' }));
    screen.getByText(/We will send a code to ada@example\.com/);
    // Nothing to confirm before a code was sent.
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Email me a code' }));
    await screen.findByRole('button', { name: 'Send a new code' });

    const field = screen.getByLabelText('Code from the email');
    await user.type(field, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('This code has expired or was already used. Send a new code.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.type(field, '222 222');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(client.twoFactorVerifyOtp).toHaveBeenLastCalledWith({ code: '222222' }));
    // Back at rest once on.
    await screen.findByRole('button', { name: 'Set up an authenticator app' });
  });

  it('copies the backup codes, one a line', async () => {
    client.getSession.mockResolvedValue(sessionWith(true));
    client.twoFactorGenerateBackupCodes.mockResolvedValue({ status: true, backupCodes: CODES });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'New backup codes' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Password'), 'my password');
    await user.click(dialog.getByRole('button', { name: 'New backup codes' }));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${CODES.join('\n')}\n`);
  });
});
