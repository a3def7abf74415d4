// @vitest-environment happy-dom
import type { ApiKey, CreatedApiKey, ProductConfig } from '@gatehouse/client';
import { GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyFixture } from '../../../components/api-keys/testing/api-key.ts';
import { translate } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
import { useIsAdmin } from '../../../lib/use-is-admin.ts';
import { ApiKeysPage } from './api-keys-page.tsx';

// The HTTP client is mocked: this checks what the page sends and shows for each answer. The
// routes themselves are the engine's API-key feature's to test.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: { apiKeyList: vi.fn(), apiKeyCreate: vi.fn(), apiKeyDelete: vi.fn(), apiKeyRotate: vi.fn() },
}));

// Whether the person is an admin is the admin area's to find out (its own tests); here it is given.
vi.mock('../../../lib/use-is-admin.ts', () => ({ useIsAdmin: vi.fn() }));

const client = vi.mocked(authClient);
const asAdmin = (isAdmin: boolean) =>
  vi.mocked(useIsAdmin).mockReturnValue({ isAdmin, isPending: false, error: null, refetch: () => {} });
const SECRET = 'ci_wiRJmiYEKxLHagUGJxbVGQtpJUBaQmcmJBLMnzmMYlSPdmdAoKSVaWBfhoSfOGXL';
const YEAR = 365 * 24 * 60 * 60;

const apiKey = apiKeyFixture;

const listOf = (...apiKeys: ApiKey[]) => ({ apiKeys, total: apiKeys.length });

function renderPage(config: Partial<ProductConfig> = { apiKeys: true }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(productConfigQueryKey, { socialProviders: [], ...config });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiKeysPage />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), queryClient };
}

/** The create dialog over an empty list, with `name` typed; create answers a new key. */
async function openCreate(name: string) {
  client.apiKeyList.mockResolvedValue(listOf());
  client.apiKeyCreate.mockResolvedValue({ ...apiKey('ci'), key: SECRET } as CreatedApiKey);
  const { user } = renderPage();
  await user.click(await screen.findByRole('button', { name: 'Create API key' }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.type(dialog.getByLabelText('Name'), name);
  return { user, dialog };
}

/** The page over its list, with the dialog of the row's button of this name open. */
async function openRowDialog(button: string) {
  const page = renderPage();
  await page.user.click(await screen.findByRole('button', { name: button }));
  return { ...page, dialog: within(await screen.findByRole('dialog')) };
}

/** An answer with a new key that comes only when `answer` is called. */
function heldKey() {
  let answer: () => void = () => {};
  const promise = new Promise<CreatedApiKey>(
    (resolve) => (answer = () => resolve({ ...apiKey('ci'), key: SECRET } as CreatedApiKey)),
  );
  return { promise, answer: () => answer() };
}

/** Sends, tries to leave (Escape) while the answer is owed, then lets it come: the key is shown. */
async function cannotLeaveUntilAnswered(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  submit: string,
  answer: () => void,
) {
  await user.click(dialog.getByRole('button', { name: submit }));
  await user.keyboard('{Escape}');
  expect(screen.getByRole('dialog')).toBeTruthy();
  answer();
  expect(await dialog.findByText(SECRET)).toBeTruthy();
}

/** Everything the query and mutation caches hold, as text. */
const cached = (queryClient: QueryClient) =>
  JSON.stringify([
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data),
    queryClient
      .getMutationCache()
      .getAll()
      .map((mutation) => mutation.state.data),
  ]);

describe('Account → API keys', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    asAdmin(false);
    vi.spyOn(toast, 'success');
  });
  afterEach(cleanup);

  it('lists each key: name, how it starts, created, expires, last used or never used, and how many', async () => {
    client.apiKeyList.mockResolvedValue(
      listOf(
        apiKey('ci', {
          expiresAt: '2099-06-01T00:00:00.000Z',
          lastRequest: '2026-04-01T09:30:00.000Z',
          lastRequestIp: '203.0.113.9',
          lastRequestUserAgent:
            'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
        }),
        apiKey('old', { name: null, expiresAt: '2020-01-01T00:00:00.000Z', enabled: false }),
        apiKey('ops'),
      ),
    );
    renderPage();
    const list = within(await screen.findByRole('list', { name: 'API keys' }));
    const [first, second, third] = list.getAllByRole('listitem');
    expect(first?.textContent).toContain('Key ci');
    expect(first?.textContent).toContain('Starts with ci_Xzq…');
    expect(first?.textContent).toMatch(/Created .*2026/);
    expect(first?.textContent).toMatch(/Expires .*2099/);
    expect(first?.textContent).toContain('Last used');
    const lastUsed = first?.querySelector('time');
    expect(lastUsed?.getAttribute('dateTime')).toBe('2026-04-01T09:30:00.000Z');
    expect(lastUsed?.getAttribute('title')).toMatch(/2026/);
    expect(first?.textContent).toContain('from 203.0.113.9');
    expect(first?.textContent).toContain('Chrome 120 on Linux');
    expect(second?.textContent).toContain('Unnamed key');
    expect(second?.textContent).toMatch(/Expired .*2020/);
    expect(second?.textContent).toContain('Turned off');
    expect(second?.textContent).toContain('Never used');
    expect(third?.textContent).toContain('Never expires');
    expect(screen.getByText('3 API keys')).toBeTruthy();
    expect(client.apiKeyList).toHaveBeenCalledWith(
      { sortBy: 'createdAt', sortDirection: 'desc' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('counts one key as one', async () => {
    client.apiKeyList.mockResolvedValue(listOf(apiKey('ci')));
    renderPage();
    expect(await screen.findByText('1 API key')).toBeTruthy();
  });

  it('says when it is loading, and when there are none', async () => {
    let answer: (list: ReturnType<typeof listOf>) => void = () => {};
    client.apiKeyList.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderPage();
    expect(await screen.findByText('Loading API keys…')).toBeTruthy();
    answer(listOf());
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(screen.queryByText(/0 API keys/)).toBeNull();
  });

  it('says in words why the list failed, and tries again', async () => {
    client.apiKeyList
      .mockRejectedValueOnce(new GatehouseError(401, 'UNAUTHORIZED', 'Unauthorized'))
      .mockResolvedValue(listOf(apiKey('ci')));
    const { user } = renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The API keys could not be loaded.');
    expect(alert.textContent).toContain('You have been signed out. Please sign in again.');
    expect(alert.textContent).not.toContain('Unauthorized');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Key ci')).toBeTruthy();
  });

  it('creates a key, shows it once, and forgets it when the dialog closes', async () => {
    client.apiKeyList
      .mockResolvedValueOnce(listOf())
      .mockResolvedValue(listOf(apiKey('ci', { name: 'Deploy' })));
    client.apiKeyCreate.mockResolvedValue({
      ...apiKey('ci', { name: 'Deploy' }),
      key: SECRET,
    } as CreatedApiKey);
    const { user, queryClient } = renderPage();
    await screen.findByText('No API keys yet.');

    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    const submit = dialog.getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    // Blank names cannot be sent.
    expect(submit.disabled).toBe(true);
    await user.type(dialog.getByLabelText('Name'), '   ');
    expect(submit.disabled).toBe(true);
    await user.type(dialog.getByLabelText('Name'), 'Deploy  ');
    await user.selectOptions(dialog.getByLabelText('Expires'), 'In 1 year');
    await user.click(submit);

    await waitFor(() =>
      expect(client.apiKeyCreate).toHaveBeenCalledWith({ name: 'Deploy', expiresIn: YEAR }),
    );
    expect(await dialog.findByText(SECRET)).toBeTruthy();
    expect(dialog.getByText('Your new API key')).toBeTruthy();
    expect(dialog.getByText(/You will not see this key again/)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Create key' })).toBeNull();
    // The list is read again; its answers never carry the key, and nothing caches the created one.
    await waitFor(() => expect(client.apiKeyList).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('Deploy')).toBeTruthy();

    // The footer's Close (the ✕ in the corner has the same name).
    const [close] = dialog.getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    await waitFor(() => expect(cached(queryClient)).not.toContain(SECRET));

    // Opening it again starts a new key, with nothing of the last one.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = within(await screen.findByRole('dialog'));
    expect((again.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((again.getByLabelText('Expires') as HTMLSelectElement).value).toBe('30d');
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('cannot be left while the key is being made, so its one answer is not lost', async () => {
    client.apiKeyList.mockResolvedValue(listOf());
    const held = heldKey();
    client.apiKeyCreate.mockReturnValue(held.promise);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Name'), 'CI');
    await cannotLeaveUntilAnswered(user, dialog, 'Create key', held.answer);
  });

  it('offers 30 days, 90 days, 1 year and never, and sends no expiry for never', async () => {
    client.apiKeyList.mockResolvedValue(listOf());
    client.apiKeyCreate.mockResolvedValue({ ...apiKey('ci'), key: SECRET } as CreatedApiKey);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    const choices = within(dialog.getByLabelText('Expires')).getAllByRole('option');
    expect(choices.map((option) => [option.textContent, (option as HTMLOptionElement).value])).toEqual([
      ['In 30 days', '30d'],
      ['In 90 days', '90d'],
      ['In 1 year', '1y'],
      ['Never', 'never'],
    ]);
    await user.type(dialog.getByLabelText('Name'), 'Forever');
    await user.selectOptions(dialog.getByLabelText('Expires'), 'Never');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(client.apiKeyCreate).toHaveBeenCalledWith({ name: 'Forever' }));
  });

  it('sends 30 days by default, in seconds', async () => {
    const { user } = await openCreate('CI');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(client.apiKeyCreate).toHaveBeenCalledWith({ name: 'CI', expiresIn: 30 * 24 * 60 * 60 }),
    );
  });

  it('copies the new key', async () => {
    const { user, dialog } = await openCreate('CI');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await user.click(await dialog.findByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(toast.success).toHaveBeenCalledWith('API key copied.');
  });

  it('says a refusal at its field, in words, and keeps the form', async () => {
    client.apiKeyList.mockResolvedValue(listOf());
    client.apiKeyCreate
      .mockRejectedValueOnce(
        new GatehouseError(400, 'INVALID_NAME_LENGTH', 'The name length is either too large or too small.'),
      )
      .mockRejectedValueOnce(
        new GatehouseError(
          400,
          'EXPIRES_IN_IS_TOO_LARGE',
          'The expiresIn is larger than the predefined maximum value.',
        ),
      )
      .mockRejectedValueOnce(
        new GatehouseError(401, 'UNAUTHORIZED_SESSION', 'Unauthorized or invalid session'),
      );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByLabelText('Name');
    await user.type(name, 'CI');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('The name must be 1 to 32 characters long.')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('A key can work for one year at most.')).toBeTruthy();
    expect(dialog.getByLabelText('Expires').getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-invalid')).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect(await dialog.findByText('You have been signed out. Please sign in again.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Unauthorized or invalid session');
    expect((name as HTMLInputElement).value).toBe('CI');
  });

  it('sends the ticked scopes of a limited key, grouped by resource in the statements’ order', async () => {
    const { user, dialog } = await openCreate('CI');
    const access = within(dialog.getByRole('group', { name: 'Access' }));
    expect((access.getByRole('radio', { name: 'Full access' }) as HTMLInputElement).checked).toBe(true);
    expect(access.queryByRole('checkbox')).toBeNull();
    await user.click(access.getByRole('radio', { name: 'Limited' }));
    // Limited with nothing ticked promises nothing: it cannot be sent.
    const submit = dialog.getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(dialog.getByText('Tick at least one permission.')).toBeTruthy();
    const teams = within(access.getByRole('group', { name: 'Teams' }));
    await user.click(teams.getByRole('checkbox', { name: 'Teams: Delete' }));
    await user.click(teams.getByRole('checkbox', { name: 'Teams: Create' }));
    await user.click(access.getByRole('checkbox', { name: 'Members: Update' }));
    await user.click(access.getByRole('checkbox', { name: 'API keys: Read' }));
    await user.click(access.getByRole('checkbox', { name: 'API keys: Read' }));
    expect(submit.disabled).toBe(false);
    await user.click(submit);
    await waitFor(() =>
      expect(client.apiKeyCreate).toHaveBeenCalledWith({
        name: 'CI',
        expiresIn: 30 * 24 * 60 * 60,
        permissions: { member: ['update'], team: ['create', 'delete'] },
      }),
    );
  });

  it('sends no scopes when a limited choice is turned back to full access', async () => {
    const { user, dialog } = await openCreate('CI');
    await user.click(dialog.getByRole('radio', { name: 'Limited' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Teams: Create' }));
    await user.click(dialog.getByRole('radio', { name: 'Full access' }));
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(client.apiKeyCreate).toHaveBeenCalledTimes(1));
    expect(client.apiKeyCreate.mock.calls[0]?.[0]).not.toHaveProperty('permissions');
  });

  it('offers the admin statements to an admin only, and sends them in their order', async () => {
    const { user, dialog } = await openCreate('CI');
    await user.click(dialog.getByRole('radio', { name: 'Limited' }));
    expect(dialog.queryByRole('group', { name: 'Users (admin)' })).toBeNull();
    cleanup();

    asAdmin(true);
    const admin = await openCreate('Ops');
    await admin.user.click(admin.dialog.getByRole('radio', { name: 'Limited' }));
    const users = within(admin.dialog.getByRole('group', { name: 'Users (admin)' }));
    await admin.user.click(users.getByRole('checkbox', { name: 'Users (admin): Ban' }));
    await admin.user.click(users.getByRole('checkbox', { name: 'Users (admin): List' }));
    await admin.user.click(admin.dialog.getByRole('checkbox', { name: 'Sessions (admin): Revoke' }));
    await admin.user.click(admin.dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(client.apiKeyCreate).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'Ops', permissions: { user: ['list', 'ban'], session: ['revoke'] } }),
      ),
    );
  });

  it('says a refused scope under the scopes, in words, and keeps the choice', async () => {
    const { user, dialog } = await openCreate('CI');
    client.apiKeyCreate.mockRejectedValue(
      new GatehouseError(
        403,
        'API_KEY_PERMISSION_EXCEEDS_ROLE',
        'The API key’s permissions exceed what the owner’s role grants.',
      ),
    );
    await user.click(dialog.getByRole('radio', { name: 'Limited' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Organization: Delete' }));
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'A key cannot have permissions your own role does not grant.',
    );
    expect((dialog.getByRole('checkbox', { name: 'Organization: Delete' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('chooses the scopes with the keyboard alone', async () => {
    const { user, dialog } = await openCreate('CI');
    dialog.getByRole('radio', { name: 'Full access' }).focus();
    // Arrow keys move between radios of one name and choose the one they reach.
    await user.keyboard('{ArrowDown}');
    expect((dialog.getByRole('radio', { name: 'Limited' }) as HTMLInputElement).checked).toBe(true);
    await user.tab();
    expect(document.activeElement).toBe(dialog.getByRole('checkbox', { name: 'Organization: Update' }));
    await user.keyboard(' ');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(client.apiKeyCreate).toHaveBeenCalledWith(
        expect.objectContaining({ permissions: { organization: ['update'] } }),
      ),
    );
  });

  it('shows what a limited key may do in its row, and nothing more for a key with full access', async () => {
    client.apiKeyList.mockResolvedValue(
      listOf(
        apiKey('ci', { permissions: { team: ['delete', 'create'], member: ['update'] } }),
        apiKey('all'),
        apiKey('none', { permissions: {} }),
      ),
    );
    renderPage();
    const list = within(await screen.findByRole('list', { name: 'API keys' }));
    const [limited, full, none] = list.getAllByRole('listitem');
    expect(limited?.textContent).toContain('Limited to Members: Update · Teams: Delete, Create');
    expect(full?.textContent).not.toContain('Limited');
    expect(none?.textContent).toContain('Limited to no permissions');
  });

  it('keeps names to 32 characters', async () => {
    client.apiKeyList.mockResolvedValue(listOf());
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const name = within(await screen.findByRole('dialog')).getByLabelText('Name') as HTMLInputElement;
    expect(name.maxLength).toBe(32);
  });

  it('revokes a key after confirming', async () => {
    client.apiKeyList.mockResolvedValueOnce(listOf(apiKey('ci'))).mockResolvedValue(listOf());
    client.apiKeyDelete.mockResolvedValue({ success: true });
    const { user, dialog } = await openRowDialog('Revoke Key ci');
    expect(dialog.getByText('Revoke “Key ci”?')).toBeTruthy();
    expect(client.apiKeyDelete).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(client.apiKeyDelete).toHaveBeenCalledWith({ keyId: 'ci' }));
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    { action: 'Revoke', submit: 'Revoke', call: () => client.apiKeyDelete },
    { action: 'Rotate', submit: 'Rotate key', call: () => client.apiKeyRotate },
  ])(
    'keeps the $action confirmation open with the refusal in words, and shows no key',
    async ({ action, submit, call }) => {
      client.apiKeyList.mockResolvedValue(listOf(apiKey('ci')));
      call().mockRejectedValue(new GatehouseError(404, 'KEY_NOT_FOUND', 'API Key not found'));
      const { user, dialog } = await openRowDialog(`${action} Key ci`);
      await user.click(dialog.getByRole('button', { name: submit }));
      expect(
        await dialog.findByText('This API key no longer exists: it was revoked, or it expired.'),
      ).toBeTruthy();
      expect(dialog.getByRole('button', { name: submit })).toBeTruthy();
      expect(dialog.queryByText('Your new API key')).toBeNull();
    },
  );

  it('rotates a key after a confirmation that the old one stops, shows the new one once, and reads the list again', async () => {
    const rotated = apiKey('ci', { start: 'ci_New' });
    client.apiKeyList.mockResolvedValueOnce(listOf(apiKey('ci'))).mockResolvedValue(listOf(rotated));
    client.apiKeyRotate.mockResolvedValue({ ...rotated, key: SECRET } as CreatedApiKey);
    const { user, queryClient, dialog } = await openRowDialog('Rotate Key ci');
    expect(dialog.getByText('Rotate “Key ci”?')).toBeTruthy();
    expect(dialog.getByText(/The old secret stops working at once/)).toBeTruthy();
    expect(client.apiKeyRotate).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Rotate key' }));
    await waitFor(() => expect(client.apiKeyRotate).toHaveBeenCalledWith({ keyId: 'ci' }));
    expect(await dialog.findByText(SECRET)).toBeTruthy();
    expect(dialog.getByText('Your new API key')).toBeTruthy();
    expect(dialog.getByText(/You will not see this key again/)).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Rotate key' })).toBeNull();
    expect(await screen.findByText('Starts with ci_New…')).toBeTruthy();
    expect(client.apiKeyList).toHaveBeenCalledTimes(2);

    const [close] = dialog.getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    await waitFor(() => expect(cached(queryClient)).not.toContain(SECRET));
    // Opened again, it asks again rather than showing the last key.
    await user.click(screen.getByRole('button', { name: 'Rotate Key ci' }));
    expect(within(await screen.findByRole('dialog')).getByText('Rotate “Key ci”?')).toBeTruthy();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('cannot be left while the key is being rotated, so the new key is not lost', async () => {
    client.apiKeyList.mockResolvedValue(listOf(apiKey('ci')));
    const held = heldKey();
    client.apiKeyRotate.mockReturnValue(held.promise);
    const { user, dialog } = await openRowDialog('Rotate Key ci');
    await cannotLeaveUntilAnswered(user, dialog, 'Rotate key', held.answer);
  });

  it('says the server has no API keys, and asks it nothing, when they are off', async () => {
    renderPage({ apiKeys: false });
    expect(await screen.findByText('This server does not offer API keys.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(client.apiKeyList).not.toHaveBeenCalled();
  });
});

describe('the count of keys', () => {
  it('follows each language’s plural rules', () => {
    expect(translate('en', 'apiKey.count', { count: 1 })).toBe('1 API key');
    expect(translate('en', 'apiKey.count', { count: 3 })).toBe('3 API keys');
    expect(translate('de', 'apiKey.count', { count: 3 })).toBe('3 API-Schlüssel');
    // French counts 0 and 1 alike.
    expect(translate('fr', 'apiKey.count', { count: 0 })).toBe('0 clé d’API');
    expect(translate('fr', 'apiKey.count', { count: 1 })).toBe('1 clé d’API');
    expect(translate('fr', 'apiKey.count', { count: 2 })).toBe('2 clés d’API');
  });
});
