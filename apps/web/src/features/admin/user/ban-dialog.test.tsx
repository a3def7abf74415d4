// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { adminUser, signedOutSessionClient } from '../testing/fixtures.ts';
import { BanDialog } from './ban-dialog.tsx';

// The HTTP client is mocked because this tests what the dialog sends for the admin's choices
// (reason, duration in seconds) and where errors go; banning itself is tested on the server.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { adminBanUser: vi.fn() } }));

const banUser = vi.mocked(authClient.adminBanUser);

const ADA = adminUser();
const sessionClient = signedOutSessionClient;

async function openDialog() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SessionProvider client={sessionClient}>
        <BanDialog user={ADA} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Ban user…' }));
  return { user, dialog: within(await screen.findByRole('dialog')) };
}

describe('BanDialog', () => {
  beforeEach(() => {
    banUser.mockReset();
    banUser.mockImplementation(async ({ banReason, banExpiresIn }) => ({
      user: {
        ...ADA,
        banned: true,
        banReason: banReason ?? 'No reason',
        banExpires: banExpiresIn ? new Date(Date.now() + banExpiresIn * 1000).toISOString() : null,
      },
    }));
  });
  afterEach(cleanup);

  it('sends the reason and the chosen duration in seconds', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog.getByRole('heading', { name: 'Ban Ada Lovelace?' })).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason (optional)'), '  Spamming the forum ');
    await user.selectOptions(dialog.getByLabelText('Duration'), '7 days');
    await user.click(dialog.getByRole('button', { name: 'Ban user' }));

    await waitFor(() =>
      expect(banUser).toHaveBeenCalledWith({
        userId: 'user-ada',
        banReason: 'Spamming the forum',
        banExpiresIn: 7 * 24 * 60 * 60,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it.each([
    ['1 hour', 3600],
    ['1 day', 86_400],
    ['30 days', 2_592_000],
  ])('turns %s into %i seconds', async (label, seconds) => {
    const { user, dialog } = await openDialog();
    await user.selectOptions(dialog.getByLabelText('Duration'), label);
    await user.click(dialog.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(banUser).toHaveBeenCalledWith({ userId: 'user-ada', banExpiresIn: seconds }));
  });

  it('sends neither reason nor expiry for a permanent ban without a reason', async () => {
    const { user, dialog } = await openDialog();
    expect((dialog.getByLabelText('Duration') as HTMLSelectElement).value).toBe('permanent');
    await user.click(dialog.getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(banUser).toHaveBeenCalledWith({ userId: 'user-ada' }));
  });

  it('keeps the dialog open with the error in words', async () => {
    banUser.mockRejectedValue(new GatehouseError(400, 'YOU_CANNOT_BAN_YOURSELF', 'You cannot ban yourself'));
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Ban user' }));
    expect(await dialog.findByText('You cannot ban your own account.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
