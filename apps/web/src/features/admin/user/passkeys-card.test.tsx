// @vitest-environment happy-dom
import { type AdminUser, GatehouseError, type Passkey } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { PasskeysCard } from './passkeys-card.tsx';

// The HTTP client is mocked: this checks what the card shows; the route is tested on the server
// (packages/core/src/features/admin/list-user-passkeys.test.ts).
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { adminListUserPasskeys: vi.fn() } }));

const listPasskeys = vi.mocked(authClient.adminListUserPasskeys);
const ADA = { id: 'user-ada', name: 'Ada', email: 'ada@example.com' } as AdminUser;

const passkey = (id: string, extra: Partial<Passkey>): Passkey => ({
  id,
  name: null,
  publicKey: 'pk',
  userId: ADA.id,
  credentialID: `cred-${id}`,
  counter: 0,
  deviceType: 'singleDevice',
  backedUp: false,
  transports: null,
  createdAt: '2026-03-12T10:00:00.000Z',
  aaguid: null,
  lastUsedAt: null,
  ...extra,
});

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <PasskeysCard user={ADA} />
    </QueryClientProvider>,
  );

describe('the admin user page’s Passkeys card', () => {
  beforeEach(() => {
    listPasskeys.mockReset();
    listPasskeys.mockResolvedValue([]);
  });
  afterEach(cleanup);

  it('lists the user’s passkeys', async () => {
    listPasskeys.mockResolvedValue([
      passkey('a', {
        name: 'Phone',
        backedUp: true,
        deviceType: 'multiDevice',
        lastUsedAt: '2026-04-01T09:00:00.000Z',
      }),
      passkey('b', { name: 'YubiKey' }),
    ]);
    renderCard();
    const items = within(await screen.findByRole('list', { name: 'Passkeys' })).getAllByRole('listitem');
    expect(items.map((each) => each.textContent)).toEqual([
      expect.stringMatching(/^PhoneSynced.*Last used/),
      expect.stringMatching(/^YubiKeyThis device only.*Not used yet/),
    ]);
    expect(listPasskeys).toHaveBeenCalledWith({ userId: ADA.id }, expect.anything());
  });

  it('says when there are none', async () => {
    renderCard();
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
  });

  it('shows nothing when the server runs without passkeys', async () => {
    listPasskeys.mockRejectedValue(new GatehouseError(404, 'NOT_FOUND', 'Not found'));
    const { container } = renderCard();
    await waitFor(() => expect(listPasskeys).toHaveBeenCalled());
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it('says why the list could not be loaded', async () => {
    listPasskeys.mockRejectedValue(new GatehouseError(403, 'YOU_ARE_NOT_ALLOWED', 'Not allowed'));
    renderCard();
    expect(await screen.findByText(/Could not load the passkeys/)).toBeTruthy();
  });
});
