// @vitest-environment happy-dom
import type { Passkey } from '@gatehouse/client';
import { GatehouseError } from '@gatehouse/client';
import { startRegistration } from '@simplewebauthn/browser';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../../lib/auth-client.ts';
import { PasskeysCard } from './passkeys-card.tsx';

// The HTTP client and the browser's ceremony are mocked: this checks what the card sends and shows.
// Registration with Chromium's virtual authenticator against the real server is e2e/passkeys.test.ts.
vi.mock('../../../../lib/auth-client.ts', () => ({
  authClient: {
    passkeyListUserPasskeys: vi.fn(),
    passkeyGenerateRegisterOptions: vi.fn(),
    passkeyVerifyRegistration: vi.fn(),
    passkeyUpdatePasskey: vi.fn(),
    passkeyDeletePasskey: vi.fn(),
  },
}));
vi.mock('../../../../lib/product-config-query.ts', () => ({
  productConfigQueryOptions: () => ({
    queryKey: ['config'],
    queryFn: async () => ({ socialProviders: [], passkeys: true }),
  }),
}));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: () => true,
  startRegistration: vi.fn(),
}));

const client = vi.mocked(authClient);

const passkey = (id: string, extra: Partial<Passkey> = {}): Passkey => ({
  id,
  name: `Key ${id}`,
  publicKey: 'pk',
  userId: 'u1',
  credentialID: `cred-${id}`,
  counter: 0,
  deviceType: 'singleDevice',
  backedUp: false,
  transports: 'internal',
  createdAt: '2026-03-12T10:00:00.000Z',
  aaguid: null,
  lastUsedAt: null,
  ...extra,
});

function renderCard() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <PasskeysCard />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('PasskeysCard', () => {
  beforeEach(() => {
    vi.resetAllMocks();
  });
  afterEach(cleanup);

  it('lists each passkey with its name, dates and whether it is synced', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([
      passkey('a'),
      passkey('b', {
        name: null,
        backedUp: true,
        deviceType: 'multiDevice',
        lastUsedAt: '2026-04-01T09:00:00.000Z',
      }),
    ]);
    renderCard();
    const list = within(await screen.findByRole('list', { name: 'Passkeys' }));
    const [first, second] = list.getAllByRole('listitem');
    expect(first?.textContent).toContain('Key a');
    expect(first?.textContent).toContain('This device only');
    expect(first?.textContent).toMatch(/Added .*2026/);
    expect(first?.textContent).toContain('Not used yet');
    expect(second?.textContent).toContain('Unnamed passkey');
    expect(second?.textContent).toContain('Synced');
    expect(second?.textContent).toMatch(/Last used .*2026/);
  });

  it('says when there are none', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([]);
    renderCard();
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
  });

  it('adds a named passkey: options, the browser ceremony, then verification with the name', async () => {
    client.passkeyListUserPasskeys
      .mockResolvedValueOnce([])
      .mockResolvedValue([passkey('new', { name: 'Work laptop' })]);
    client.passkeyGenerateRegisterOptions.mockResolvedValue({ challenge: 'c' });
    vi.mocked(startRegistration).mockResolvedValue({ id: 'cred-new' } as never);
    client.passkeyVerifyRegistration.mockResolvedValue(passkey('new', { name: 'Work laptop' }));
    const user = renderCard();
    await screen.findByText('No passkeys yet.');

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByLabelText('Name') as HTMLInputElement;
    // The name starts as this browser and system, which the person may change.
    expect(name.value).not.toBe('');
    await user.clear(name);
    await user.type(name, '  Work laptop ');
    await user.click(dialog.getByRole('button', { name: 'Create passkey' }));

    await waitFor(() =>
      expect(client.passkeyVerifyRegistration).toHaveBeenCalledWith({
        response: { id: 'cred-new' },
        name: 'Work laptop',
      }),
    );
    expect(client.passkeyGenerateRegisterOptions).toHaveBeenCalledWith({ name: 'Work laptop' });
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'c' } });
    expect(await screen.findByText('Work laptop')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open with the browser’s refusal in words', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([]);
    client.passkeyGenerateRegisterOptions.mockResolvedValue({ challenge: 'c' });
    vi.mocked(startRegistration).mockRejectedValue(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    const user = renderCard();
    await screen.findByText('No passkeys yet.');
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Create passkey' }));
    expect(await dialog.findByText(/The passkey prompt was closed or timed out/)).toBeTruthy();
    expect(client.passkeyVerifyRegistration).not.toHaveBeenCalled();
  });

  it('renames a passkey', async () => {
    client.passkeyListUserPasskeys
      .mockResolvedValueOnce([passkey('a')])
      .mockResolvedValue([passkey('a', { name: 'Phone' })]);
    client.passkeyUpdatePasskey.mockResolvedValue({ passkey: passkey('a', { name: 'Phone' }) });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Rename: Key a' }));
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Key a');
    await user.clear(name);
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    // A blank name cannot be sent.
    expect(client.passkeyUpdatePasskey).not.toHaveBeenCalled();
    await user.type(name, 'Phone');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(client.passkeyUpdatePasskey).toHaveBeenCalledWith({ id: 'a', name: 'Phone' }));
    expect(await screen.findByText('Phone')).toBeTruthy();
  });

  it('deletes a passkey after confirming', async () => {
    client.passkeyListUserPasskeys.mockResolvedValueOnce([passkey('a')]).mockResolvedValue([]);
    client.passkeyDeletePasskey.mockResolvedValue({ status: true });
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Delete: Key a' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Delete “Key a”?')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(client.passkeyDeletePasskey).toHaveBeenCalledWith({ id: 'a' }));
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
  });

  it('shows the refusal to delete the last way to sign in', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([passkey('a')]);
    client.passkeyDeletePasskey.mockRejectedValue(
      new GatehouseError(400, 'FAILED_TO_UNLINK_LAST_ACCOUNT', "You can't unlink your last account"),
    );
    const user = renderCard();
    await user.click(await screen.findByRole('button', { name: 'Delete: Key a' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText(/This passkey is your only way to sign in/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
