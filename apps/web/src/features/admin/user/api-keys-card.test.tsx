// @vitest-environment happy-dom
import { type AdminUser, GatehouseError, type ProductConfig } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyFixture } from '../../../components/api-keys/testing/api-key.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
import { ApiKeysCard } from './api-keys-card.tsx';

// The HTTP client is mocked: this checks what the card sends and shows; the routes are tested on
// the server (packages/core/src/features/api-key/admin-keys.test.ts).
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: { adminListUserApiKeys: vi.fn(), adminDeleteUserApiKey: vi.fn() },
}));

const client = vi.mocked(authClient);
const KIM = { id: 'user-kim', name: 'Kim', email: 'kim@example.com' } as AdminUser;
const NOT_FOUND = 'This API key no longer exists: it was revoked, or it expired.';

function renderCard(config: Partial<ProductConfig> = { apiKeys: true }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(productConfigQueryKey, { socialProviders: [], ...config });
  const { container } = render(
    <QueryClientProvider client={queryClient}>
      <ApiKeysCard user={KIM} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), container };
}

/** The card over one key, "Deploy", with its delete confirmation open. */
async function openDelete() {
  client.adminListUserApiKeys.mockResolvedValue({ apiKeys: [apiKeyFixture('k1', { name: 'Deploy' })] });
  const { user } = renderCard();
  await user.click(await screen.findByRole('button', { name: 'Delete Deploy' }));
  return { user, dialog: within(await screen.findByRole('dialog')) };
}

describe('the admin user page’s API keys card', () => {
  beforeEach(() => vi.resetAllMocks());
  afterEach(cleanup);

  it('lists the user’s keys as their owner sees them: name, start, created, expiry, last use and scopes', async () => {
    client.adminListUserApiKeys.mockResolvedValue({
      apiKeys: [
        apiKeyFixture('ci', {
          name: 'Deploy',
          expiresAt: '2099-06-01T00:00:00.000Z',
          lastRequest: '2026-04-01T09:30:00.000Z',
          lastRequestIp: '203.0.113.9',
          permissions: { team: ['read'] },
        }),
        apiKeyFixture('old', { name: null }),
      ],
    });
    renderCard();
    const [first, second] = within(await screen.findByRole('list', { name: 'API keys' })).getAllByRole(
      'listitem',
    );
    expect(first?.textContent).toContain('Deploy');
    expect(first?.textContent).toContain('Starts with ci_Xzq…');
    expect(first?.textContent).toMatch(/Created .*2026/);
    expect(first?.textContent).toMatch(/Expires .*2099/);
    expect(first?.textContent).toContain('Last used');
    expect(first?.textContent).toContain('from 203.0.113.9');
    expect(first?.textContent).toContain('Limited to Teams: Read');
    expect(second?.textContent).toContain('Unnamed key');
    expect(second?.textContent).toContain('Never used');
    expect(second?.textContent).toContain('Never expires');
    expect(second?.textContent).not.toContain('Limited');
    expect(client.adminListUserApiKeys).toHaveBeenCalledWith({ userId: KIM.id }, expect.anything());
  });

  it('says when the user has none', async () => {
    client.adminListUserApiKeys.mockResolvedValue({ apiKeys: [] });
    renderCard();
    expect(await screen.findByText('They have no API keys.')).toBeTruthy();
  });

  it('is absent, and asks nothing, when the server has no API keys', async () => {
    const { container } = renderCard({ apiKeys: false });
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(client.adminListUserApiKeys).not.toHaveBeenCalled();
  });

  it('says in words why the list could not be loaded, and tries again', async () => {
    client.adminListUserApiKeys
      .mockRejectedValueOnce(
        new GatehouseError(403, 'YOU_ARE_NOT_ALLOWED_TO_READ_USER_API_KEYS', 'You are not allowed'),
      )
      .mockResolvedValue({ apiKeys: [] });
    const { user } = renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not allowed to see other people’s API keys.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('They have no API keys.')).toBeTruthy();
  });

  it('deletes a key after confirming, naming the user and the key, and reads the list again', async () => {
    const { user, dialog } = await openDelete();
    expect(dialog.getByText('Delete “Deploy” of Kim?')).toBeTruthy();
    expect(client.adminDeleteUserApiKey).not.toHaveBeenCalled();
    client.adminDeleteUserApiKey.mockResolvedValue({ success: true });
    client.adminListUserApiKeys.mockResolvedValue({ apiKeys: [] });
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(client.adminDeleteUserApiKey).toHaveBeenCalledWith({ userId: KIM.id, keyId: 'k1' }),
    );
    expect(await screen.findByText('They have no API keys.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the confirmation open with the refusal in words, and the key listed', async () => {
    const { user, dialog } = await openDelete();
    client.adminDeleteUserApiKey.mockRejectedValue(
      new GatehouseError(404, 'KEY_NOT_FOUND', 'API Key not found'),
    );
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText(NOT_FOUND)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(client.adminListUserApiKeys).toHaveBeenCalledTimes(1);
  });

  it('says a refused delete in the admin’s words', async () => {
    const { user, dialog } = await openDelete();
    client.adminDeleteUserApiKey.mockRejectedValue(
      new GatehouseError(403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USER_API_KEYS', 'You are not allowed'),
    );
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText('You are not allowed to delete other people’s API keys.')).toBeTruthy();
  });
});
