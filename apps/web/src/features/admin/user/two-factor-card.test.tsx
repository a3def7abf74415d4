// @vitest-environment happy-dom
import { type AdminUser, GatehouseError } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { adminUser, signedOutSessionClient } from '../testing/fixtures.ts';
import { TwoFactorCard } from './two-factor-card.tsx';

// The HTTP client is mocked: this checks what the card shows and sends; the reset itself is tested
// on the server (admin/reset-two-factor.test.ts) and in the browser (e2e/two-factor.test.ts).
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { adminResetTwoFactor: vi.fn() } }));

const resetTwoFactor = vi.mocked(authClient.adminResetTwoFactor);

const ada = (twoFactorEnabled: boolean) => adminUser({ twoFactorEnabled });

function renderCard(user: AdminUser) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SessionProvider client={signedOutSessionClient}>
        <TwoFactorCard user={user} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('admin TwoFactorCard', () => {
  beforeEach(() => {
    resetTwoFactor.mockReset();
  });
  afterEach(cleanup);

  it('shows two-factor off, with nothing to reset', () => {
    renderCard(ada(false));
    expect(screen.getByText('Off')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reset two-factor' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('resets after confirming, and keeps a refusal in the dialog', async () => {
    resetTwoFactor.mockRejectedValueOnce(new GatehouseError(403, 'HTTP_403', 'Forbidden'));
    resetTwoFactor.mockResolvedValueOnce({ user: ada(false) });
    const user = renderCard(ada(true));
    expect(screen.getByText('On')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset two-factor for Ada Lovelace?' }));
    await user.click(dialog.getByRole('button', { name: 'Reset two-factor' }));
    await dialog.findByText('Your role does not allow this.');
    await user.click(dialog.getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(resetTwoFactor).toHaveBeenCalledWith({ userId: 'user-ada' });
    expect(resetTwoFactor).toHaveBeenCalledTimes(2);
  });
});
