// @vitest-environment happy-dom
import { GatehouseError, type ProductConfig } from '@gatehouse/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryFixture, endpointFixture } from '../../../components/webhooks/testing/webhooks.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

// The HTTP client is mocked: under test is what Admin → Webhooks shows and sends; that only admins
// may manage server-wide endpoints is the server's (docs/protocol/webhooks.md#3-who-may-do-what).
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    webhookListEndpoints: vi.fn(),
    webhookCreateEndpoint: vi.fn(),
    webhookListDeliveries: vi.fn(),
    webhookRedeliver: vi.fn(),
  },
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const client = vi.mocked(authClient);
const ADMIN = { id: 'user-root', name: 'Root', email: 'root@example.com' };
const SECRET = 'whsec_c2VydmVyLXdpZGUtc2VjcmV0LW9mLTMyLWJ5dGVz';
const URL_1 = 'https://hooks.example.com/wh-1';

/** Opens the page on a server that offers webhooks unless `config` says otherwise. */
function open(config: Partial<ProductConfig> = { webhooks: true }) {
  return renderRoutes(
    [{ path: '/admin/webhooks', element: <WebhooksPage /> }],
    '/admin/webhooks',
    sessionFor(ADMIN, null),
    config,
  );
}

describe('Admin → Webhooks', () => {
  beforeEach(() => vi.resetAllMocks());
  afterEach(cleanup);

  it('lists the server-wide endpoints, asked for without an organization, with the admin nav on this section', async () => {
    client.webhookListEndpoints.mockResolvedValue({
      endpoints: [endpointFixture('wh-1', { failing: true })],
    });
    open();
    const [row] = within(await screen.findByRole('list', { name: 'Webhook endpoints' })).getAllByRole(
      'listitem',
    );
    expect(row?.textContent).toContain(URL_1);
    expect(row?.textContent).toContain('Failing');
    expect(client.webhookListEndpoints.mock.calls[0]?.[0]).toBeUndefined();
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Webhooks' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // An admin holds every action on server-wide endpoints.
    for (const name of [`Edit ${URL_1}`, `Turn off ${URL_1}`, `Rotate secret of ${URL_1}`, `Delete ${URL_1}`])
      expect(screen.getByRole('button', { name }), name).toBeTruthy();
  });

  it('adds a server-wide endpoint for every event, naming no organization, and shows its secret once', async () => {
    client.webhookListEndpoints.mockResolvedValue({ endpoints: [] });
    client.webhookCreateEndpoint.mockResolvedValue({
      endpoint: endpointFixture('wh-1', { events: ['*'] }),
      secret: SECRET,
    });
    const { user } = open();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('URL'), URL_1);
    await user.click(dialog.getByRole('checkbox', { name: /All events/ }));
    // Everything is covered: the groups cannot be chosen on top.
    expect((dialog.getByRole('checkbox', { name: /All Sessions events/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    await waitFor(() =>
      expect(client.webhookCreateEndpoint).toHaveBeenCalledWith({
        url: URL_1,
        events: ['*'],
        description: null,
      }),
    );
    expect(await dialog.findByText(SECRET)).toBeTruthy();
  });

  it('says a non-admin’s refusal in words', async () => {
    client.webhookListEndpoints.mockRejectedValue(
      new GatehouseError(403, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS', 'server says'),
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are not allowed to manage these webhooks.');
    expect(alert.textContent).not.toContain('server says');
  });

  it('says a failed redelivery in words', async () => {
    client.webhookListEndpoints.mockResolvedValue({ endpoints: [endpointFixture('wh-1')] });
    client.webhookListDeliveries.mockResolvedValue({
      deliveries: [
        deliveryFixture('d-1', {
          status: 'failed',
          responseStatus: null,
          attempts: [
            {
              attempt: 1,
              startedAt: '2026-03-12T10:00:01.000Z',
              responseStatus: null,
              durationMs: 3,
              error: 'tls',
            },
          ],
        }),
      ],
      nextCursor: null,
    });
    client.webhookRedeliver.mockRejectedValue(
      new GatehouseError(404, 'WEBHOOK_DELIVERY_NOT_FOUND', 'Webhook delivery not found'),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${URL_1}` }));
    const log = within(await screen.findByRole('list', { name: `Deliveries to ${URL_1}` }));
    expect(log.getAllByText('The secure connection failed').length).toBeGreaterThan(0);
    await user.click(log.getByRole('button', { name: 'Redeliver Signed in' }));
    await waitFor(() =>
      expect(vi.mocked(toast.error)).toHaveBeenCalledWith('This delivery no longer exists.'),
    );
  });

  it('leaves Webhooks out of the admin nav where the server offers none (/api/config webhooks: false)', async () => {
    client.webhookListEndpoints.mockRejectedValue(new GatehouseError(404, 'NOT_FOUND', 'Not found'));
    open({ webhooks: false });
    expect(await screen.findByText('This server does not offer webhooks.')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(nav.queryByRole('link', { name: 'Webhooks' })).toBeNull();
  });

  it('says so where the deliveries are empty, and where the server offers no webhooks', async () => {
    client.webhookListEndpoints.mockResolvedValueOnce({ endpoints: [endpointFixture('wh-1')] });
    client.webhookListDeliveries.mockResolvedValue({ deliveries: [], nextCursor: null });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${URL_1}` }));
    expect(await screen.findByText('Nothing delivered yet.')).toBeTruthy();
    cleanup();
    client.webhookListEndpoints.mockRejectedValue(new GatehouseError(404, 'NOT_FOUND', 'Not found'));
    open();
    expect(await screen.findByText('This server does not offer webhooks.')).toBeTruthy();
  });
});
