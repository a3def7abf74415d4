// @vitest-environment happy-dom
import type { ApiKey, CreatedApiKey } from '@gatehouse/client';
import { GatehouseError } from '@gatehouse/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiKeyFixture } from '../../../components/api-keys/testing/api-key.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { OrganizationLayout } from '../layout/organization-layout.tsx';
import { fullOrganization, member, ORG_ID } from '../testing/fixtures.tsx';
import { ApiKeysPage } from './api-keys-page.tsx';

// The HTTP client is mocked: under test is who sees the API keys tab
// and its controls, and what the page sends for the organization. The routes are the engine's.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationGetFull: vi.fn(),
    organizationListRoles: vi.fn(),
    organizationHasPermission: vi.fn(),
    organizationApiKeyList: vi.fn(),
    organizationApiKeyCreate: vi.fn(),
    organizationApiKeyDelete: vi.fn(),
    organizationApiKeyRotate: vi.fn(),
  },
}));
const client = vi.mocked(authClient);
const SECRET = 'org_wiRJmiYEKxLHagUGJxbVGQtpJUBaQmcmJBLMnzmMYlSPdmdAoKSVaWBfhoSfOG';

const OWNER = member('olga', 'owner', 'Olga');
const PLAIN = member('mia', 'member', 'Mia');
const ADMIN = member('ada', 'admin', 'Ada');
const SUPPORT = member('sam', 'support', 'Sam');

const orgKey = (id: string, name: string): ApiKey =>
  apiKeyFixture(id, { configId: 'organization', name, start: 'org_ab', referenceId: ORG_ID, prefix: 'org_' });

/** Create answers a new key of this name, with its secret. */
const answerCreate = (name: string) =>
  client.organizationApiKeyCreate.mockResolvedValue({ ...orgKey('k1', name), key: SECRET } as CreatedApiKey);

function openAs(me: ReturnType<typeof member>, apiKeys = true) {
  return renderRoutes(
    [
      {
        path: '/organization',
        element: <OrganizationLayout />,
        children: [
          { path: '/organization/api-keys', element: <ApiKeysPage /> },
          { path: '/organization/members', element: <p>Members page</p> },
        ],
      },
    ],
    '/organization/api-keys',
    sessionFor(me.user, ORG_ID),
    { apiKeys },
  );
}

describe('Organization → API keys', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    client.organizationListRoles.mockResolvedValue([]);
    client.organizationGetFull.mockResolvedValue(fullOrganization([OWNER, PLAIN, SUPPORT, ADMIN]));
  });
  afterEach(cleanup);

  it('shows an owner the tab and the organization’s keys, asked for with the organization configuration', async () => {
    client.organizationApiKeyList.mockResolvedValue({
      apiKeys: [orgKey('k1', 'Deploy'), orgKey('k2', 'Backups')],
      total: 2,
    });
    openAs(OWNER);
    const list = within(await screen.findByRole('list', { name: 'API keys' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Deploy'),
      expect.stringContaining('Backups'),
    ]);
    expect(screen.getByRole('link', { name: 'API keys' })).toBeTruthy();
    expect(screen.getByText('2 API keys')).toBeTruthy();
    expect(client.organizationApiKeyList.mock.calls[0]?.[0]).toEqual({
      configId: 'organization',
      organizationId: ORG_ID,
      sortBy: 'createdAt',
      sortDirection: 'desc',
    });
  });

  it('creates an organization key, shows it once, and forgets it on closing', async () => {
    client.organizationApiKeyList
      .mockResolvedValueOnce({ apiKeys: [], total: 0 })
      .mockResolvedValue({ apiKeys: [orgKey('k1', 'Deploy')], total: 1 });
    answerCreate('Deploy');
    const { user } = openAs(OWNER);
    await screen.findByText('No API keys yet.');
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Name'), 'Deploy');
    await user.selectOptions(dialog.getByLabelText('Expires'), 'In 90 days');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(client.organizationApiKeyCreate).toHaveBeenCalledWith({
        configId: 'organization',
        organizationId: ORG_ID,
        name: 'Deploy',
        expiresIn: 90 * 24 * 60 * 60,
      }),
    );
    expect(await dialog.findByText(SECRET)).toBeTruthy();
    expect(dialog.getByText(/You will not see this key again/)).toBeTruthy();
    const [close] = dialog.getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(await screen.findByText('1 API key')).toBeTruthy();
  });

  it('offers a limited key only the scopes the member’s own role grants, and sends them for the organization', async () => {
    client.organizationApiKeyList.mockResolvedValue({ apiKeys: [], total: 0 });
    answerCreate('Sync');
    const { user } = openAs(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Name'), 'Sync');
    await user.click(dialog.getByRole('radio', { name: 'Limited' }));
    // An admin may not delete the organization, so neither may a key an admin makes.
    const organizationDelete = dialog.getByRole('checkbox', {
      name: 'Organization: Delete',
    }) as HTMLInputElement;
    expect(organizationDelete.disabled).toBe(true);
    await user.click(organizationDelete);
    expect(organizationDelete.checked).toBe(false);
    await user.click(dialog.getByRole('checkbox', { name: 'Invitations: Create' }));
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(client.organizationApiKeyCreate).toHaveBeenCalledTimes(1));
    const [sent] = client.organizationApiKeyCreate.mock.calls[0] ?? [];
    expect(sent).toMatchObject({ configId: 'organization', organizationId: ORG_ID, name: 'Sync' });
    expect(sent).toHaveProperty('permissions', { invitation: ['create'] });
  });

  it('shows a limited organization key’s scopes in its row', async () => {
    client.organizationApiKeyList.mockResolvedValue({
      apiKeys: [{ ...orgKey('k1', 'Sync'), permissions: { auditLog: ['read'] } }],
      total: 1,
    });
    openAs(OWNER);
    const [row] = within(await screen.findByRole('list', { name: 'API keys' })).getAllByRole('listitem');
    expect(row?.textContent).toContain('Limited to Activity: Read');
  });

  it('revokes an organization key after confirming, naming the organization configuration', async () => {
    client.organizationApiKeyList
      .mockResolvedValueOnce({ apiKeys: [orgKey('k1', 'Deploy')], total: 1 })
      .mockResolvedValue({ apiKeys: [], total: 0 });
    client.organizationApiKeyDelete.mockResolvedValue({ success: true });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Revoke Deploy' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(client.organizationApiKeyDelete).toHaveBeenCalledWith({ configId: 'organization', keyId: 'k1' }),
    );
    expect(await screen.findByText('No API keys yet.')).toBeTruthy();
  });

  it('rotates an organization key after confirming, naming the organization configuration, and shows the new one', async () => {
    client.organizationApiKeyList.mockResolvedValue({ apiKeys: [orgKey('k1', 'Deploy')], total: 1 });
    client.organizationApiKeyRotate.mockResolvedValue({
      ...orgKey('k1', 'Deploy'),
      key: SECRET,
    } as CreatedApiKey);
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Rotate Deploy' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Rotate key' }));
    await waitFor(() =>
      expect(client.organizationApiKeyRotate).toHaveBeenCalledWith({ configId: 'organization', keyId: 'k1' }),
    );
    expect(await dialog.findByText(SECRET)).toBeTruthy();
    await waitFor(() => expect(client.organizationApiKeyList).toHaveBeenCalledTimes(2));
  });

  it('offers rotate to a role with apiKey:update, and revoke only with apiKey:delete', async () => {
    client.organizationHasPermission.mockImplementation(async ({ permissions }) => ({
      error: null,
      success: ['read', 'update'].includes(permissions.apiKey?.[0] ?? ''),
    }));
    client.organizationApiKeyList.mockResolvedValue({ apiKeys: [orgKey('k1', 'Deploy')], total: 1 });
    openAs(SUPPORT);
    expect(await screen.findByRole('button', { name: 'Rotate Deploy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke Deploy' })).toBeNull();
  });

  it('hides the tab from a member without apiKey:read, says why on the page, and asks for no keys', async () => {
    openAs(PLAIN);
    expect(
      await screen.findByText('Your role does not let you see this organization’s API keys.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Members' })).toBeTruthy();
    expect(client.organizationApiKeyList).not.toHaveBeenCalled();
  });

  it('a custom role that may only read sees the keys without create or revoke', async () => {
    client.organizationHasPermission.mockImplementation(async ({ permissions }) => ({
      error: null,
      success: JSON.stringify(permissions) === JSON.stringify({ apiKey: ['read'] }),
    }));
    client.organizationApiKeyList.mockResolvedValue({ apiKeys: [orgKey('k1', 'Deploy')], total: 1 });
    openAs(SUPPORT);
    expect(await screen.findByText('Deploy')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API keys' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revoke Deploy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rotate Deploy' })).toBeNull();
  });

  it('says the server’s refusal in words', async () => {
    client.organizationApiKeyList.mockRejectedValue(
      new GatehouseError(
        403,
        'INSUFFICIENT_API_KEY_PERMISSIONS',
        'You do not have permission to perform this action on organization API keys.',
      ),
    );
    openAs(OWNER);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your role does not allow this on the organization’s API keys.');
    expect(alert.textContent).not.toContain('You do not have permission');
  });

  it('leaves the tab out, even for an owner, where the server has no API keys', async () => {
    openAs(OWNER, false);
    expect(await screen.findByText('This server does not offer API keys.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'API keys' })).toBeNull();
    expect(client.organizationApiKeyList).not.toHaveBeenCalled();
  });
});
