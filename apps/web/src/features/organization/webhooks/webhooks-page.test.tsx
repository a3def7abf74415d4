// @vitest-environment happy-dom
import { GatehouseError, type ProductConfig } from '@gatehouse/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryFixture, endpointFixture } from '../../../components/webhooks/testing/webhooks.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { OrganizationLayout } from '../layout/organization-layout.tsx';
import { fullOrganization, member, ORG_ID } from '../testing/fixtures.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

// The HTTP client is mocked: under test is who sees the Webhooks tab and its controls, and what the
// page sends for the organization. The routes are the server's (docs/protocol/webhooks.md).
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationGetFull: vi.fn(),
    organizationListRoles: vi.fn(),
    organizationHasPermission: vi.fn(),
    organizationWebhookListEndpoints: vi.fn(),
    organizationWebhookCreateEndpoint: vi.fn(),
    organizationWebhookUpdateEndpoint: vi.fn(),
    organizationWebhookDeleteEndpoint: vi.fn(),
    organizationWebhookRotateSecret: vi.fn(),
    organizationWebhookListDeliveries: vi.fn(),
    organizationWebhookRedeliver: vi.fn(),
    organizationWebhookSendTest: vi.fn(),
  },
}));
// Toasts are what the row's one-click actions say; read from the mock, as no toaster is mounted.
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const client = vi.mocked(authClient);
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const OWNER = member('olga', 'owner', 'Olga');
const PLAIN = member('mia', 'member', 'Mia');
const SUPPORT = member('sam', 'support', 'Sam');

const orgEndpoint = (id: string, extra = {}) => endpointFixture(id, { organizationId: ORG_ID, ...extra });
const URL_1 = 'https://hooks.example.com/wh-1';

/** Opens the page as `me` on a server that offers webhooks unless `config` says otherwise. */
function openAs(me: ReturnType<typeof member>, config: Partial<ProductConfig> = { webhooks: true }) {
  return renderRoutes(
    [
      {
        path: '/organization',
        element: <OrganizationLayout />,
        children: [
          { path: '/organization/webhooks', element: <WebhooksPage /> },
          { path: '/organization/members', element: <p>Members page</p> },
        ],
      },
    ],
    '/organization/webhooks',
    sessionFor(me.user, ORG_ID),
    config,
  );
}

/** A custom role granting exactly these webhook actions. */
const customRoleMay = (...actions: string[]) =>
  client.organizationHasPermission.mockImplementation(async ({ permissions }) => ({
    error: null,
    success:
      Object.keys(permissions).join() === 'webhook' && actions.includes(permissions.webhook?.[0] ?? ''),
  }));

describe('Organization → Webhooks', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    client.organizationListRoles.mockResolvedValue([]);
    client.organizationGetFull.mockResolvedValue(fullOrganization([OWNER, PLAIN, SUPPORT]));
  });
  afterEach(cleanup);

  it('shows an owner the tab and the endpoints with their state, asked for by the organization', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({
      endpoints: [
        orgEndpoint('wh-1', {
          description: 'CRM sync',
          events: ['user.*', 'session.revoked'],
          failing: true,
        }),
        orgEndpoint('wh-2', { enabled: false, events: ['*'] }),
        orgEndpoint('wh-3', {
          events: ['user.signed_in', 'user.signed_out', 'session.revoked', 'account.linked'],
        }),
      ],
    });
    openAs(OWNER);
    const list = within(await screen.findByRole('list', { name: 'Webhook endpoints' }));
    const [first, second, third] = list.getAllByRole('listitem');
    expect(first?.textContent).toContain(URL_1);
    expect(first?.textContent).toContain('CRM sync');
    expect(first?.textContent).toContain('Failing');
    expect(first?.textContent).toContain('Events: user.*, session.revoked');
    expect(second?.textContent).toContain('Turned off');
    expect(second?.textContent).toContain('Events: all events');
    expect(third?.textContent).toContain(
      'Events: user.signed_in, user.signed_out, session.revoked and 1 more',
    );
    expect(screen.getByText('3 endpoints')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toBeTruthy();
    expect(client.organizationWebhookListEndpoints.mock.calls[0]?.[0]).toEqual({ organizationId: ORG_ID });
  });

  it('says so when there are none yet', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [] });
    openAs(OWNER);
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('adds an endpoint with grouped events, shows the secret once, and forgets it on closing', async () => {
    client.organizationWebhookListEndpoints
      .mockResolvedValueOnce({ endpoints: [] })
      .mockResolvedValue({ endpoints: [orgEndpoint('wh-1')] });
    client.organizationWebhookCreateEndpoint.mockResolvedValue({
      endpoint: orgEndpoint('wh-1'),
      secret: SECRET,
    });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog'));
    const submit = dialog.getByRole('button', { name: 'Add endpoint' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(dialog.getByLabelText('URL'), URL_1);
    await user.click(dialog.getByRole('checkbox', { name: /All Users events/ }));
    // A type the chosen group covers is ticked and cannot be chosen again.
    const signedIn = dialog.getByRole('checkbox', { name: /Signed in user\.signed_in/ }) as HTMLInputElement;
    expect(signedIn.checked).toBe(true);
    expect(signedIn.disabled).toBe(true);
    await user.click(dialog.getByRole('checkbox', { name: /Session signed out session\.revoked/ }));
    await user.type(dialog.getByLabelText('Description'), '  CRM sync ');
    await user.click(submit);
    await waitFor(() =>
      expect(client.organizationWebhookCreateEndpoint).toHaveBeenCalledWith({
        url: URL_1,
        events: ['user.*', 'session.revoked'],
        description: 'CRM sync',
        organizationId: ORG_ID,
      }),
    );
    expect(await dialog.findByText(SECRET)).toBeTruthy();
    expect(dialog.getByText(/You will not see this secret again/)).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    const [close] = dialog.getAllByRole('button', { name: 'Close' });
    await user.click(close as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.textContent).not.toContain(SECRET);
    expect(await screen.findByText('1 endpoint')).toBeTruthy();
  });

  it.each([
    ['INVALID_WEBHOOK_URL', 'Enter a full http(s) address', 'URL'],
    ['WEBHOOK_URL_NOT_HTTPS', 'The address must start with https://.', 'URL'],
    [
      'WEBHOOK_URL_PRIVATE_ADDRESS',
      'The address must not point to a private, loopback or link-local network.',
      'URL',
    ],
    ['WEBHOOK_EVENT_TYPE_UNKNOWN', 'One of the chosen events is not known to this server.', 'events'],
    ['WEBHOOK_ENDPOINT_LIMIT_REACHED', 'There are already as many endpoints as allowed.', null],
    ['YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS', 'You are not allowed to manage these webhooks.', null],
  ])('says create’s %s in words, at its field', async (code, words, field) => {
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [] });
    client.organizationWebhookCreateEndpoint.mockRejectedValue(new GatehouseError(400, code, 'server says'));
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('URL'), 'http://127.0.0.1/hook');
    await user.click(dialog.getByRole('checkbox', { name: /All events/ }));
    await user.click(dialog.getByRole('button', { name: 'Add endpoint' }));
    const shown = await dialog.findByText(new RegExp(words.replace(/[.()*+?]/g, '\\$&')));
    expect(document.body.textContent).not.toContain('server says');
    if (field === 'URL') {
      expect(dialog.getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');
    } else if (field === 'events') {
      expect(shown.closest('fieldset')?.querySelector('legend')?.textContent).toBe('Events');
    } else {
      expect(dialog.getByLabelText('URL').getAttribute('aria-invalid')).toBeNull();
    }
  });

  it('edits only what changed, and clears the description with null', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({
      endpoints: [orgEndpoint('wh-1', { description: 'CRM sync' })],
    });
    client.organizationWebhookUpdateEndpoint.mockResolvedValue({ endpoint: orgEndpoint('wh-1') });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: `Edit ${URL_1}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('URL') as HTMLInputElement).value).toBe(URL_1);
    await user.clear(dialog.getByLabelText('Description'));
    await user.click(dialog.getByRole('checkbox', { name: /Account connected account\.linked/ }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(client.organizationWebhookUpdateEndpoint).toHaveBeenCalledWith({
        endpointId: 'wh-1',
        events: ['user.*', 'account.linked'],
        description: null,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says refusals of edit at the URL field and of rotate in the dialog, in words', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [orgEndpoint('wh-1')] });
    client.organizationWebhookUpdateEndpoint.mockRejectedValue(
      new GatehouseError(400, 'WEBHOOK_URL_PRIVATE_ADDRESS', 'server says'),
    );
    client.organizationWebhookRotateSecret.mockRejectedValue(
      new GatehouseError(403, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS', 'server says'),
    );
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: `Edit ${URL_1}` }));
    const edit = within(await screen.findByRole('dialog'));
    await user.clear(edit.getByLabelText('URL'));
    await user.type(edit.getByLabelText('URL'), 'https://10.0.0.1/hook');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    expect(
      await edit.findByText('The address must not point to a private, loopback or link-local network.'),
    ).toBeTruthy();
    expect(edit.getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');
    await user.click(edit.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: `Rotate secret of ${URL_1}` }));
    const rotate = within(await screen.findByRole('dialog'));
    await user.click(rotate.getByRole('button', { name: 'Rotate secret' }));
    expect(await rotate.findByText('You are not allowed to manage these webhooks.')).toBeTruthy();
    expect(document.body.textContent).not.toContain('server says');
  });

  it('turns an endpoint off, and sends a test event, naming the endpoint', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [orgEndpoint('wh-1')] });
    client.organizationWebhookUpdateEndpoint.mockResolvedValue({
      endpoint: orgEndpoint('wh-1', { enabled: false }),
    });
    client.organizationWebhookSendTest.mockResolvedValue({
      delivery: deliveryFixture('d-test', {
        eventType: 'webhook.test',
        status: 'pending',
        attempt: 0,
        attempts: [],
      }),
    });
    client.organizationWebhookListDeliveries.mockResolvedValue({
      deliveries: [
        deliveryFixture('d-test', {
          eventType: 'webhook.test',
          status: 'pending',
          attempt: 0,
          responseStatus: null,
          durationMs: null,
          attempts: [],
        }),
      ],
      nextCursor: null,
    });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: `Turn off ${URL_1}` }));
    await waitFor(() =>
      expect(client.organizationWebhookUpdateEndpoint).toHaveBeenCalledWith({
        endpointId: 'wh-1',
        enabled: false,
      }),
    );
    await user.click(screen.getByRole('button', { name: `Send test to ${URL_1}` }));
    await waitFor(() =>
      expect(client.organizationWebhookSendTest).toHaveBeenCalledWith({ endpointId: 'wh-1' }),
    );
    // The log opens to show the test's delivery.
    const log = within(await screen.findByRole('list', { name: `Deliveries to ${URL_1}` }));
    expect(log.getByText('Test event')).toBeTruthy();
    expect(log.getByText('No attempt yet')).toBeTruthy();
  });

  it('says a refused test in words', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({
      endpoints: [orgEndpoint('wh-1', { enabled: false })],
    });
    client.organizationWebhookSendTest.mockRejectedValue(
      new GatehouseError(400, 'WEBHOOK_ENDPOINT_DISABLED', 'Webhook endpoint is disabled'),
    );
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: `Send test to ${URL_1}` }));
    await waitFor(() =>
      expect(vi.mocked(toast.error)).toHaveBeenCalledWith('The endpoint is turned off. Turn it on first.'),
    );
  });

  it('rotates the secret after saying both sign for 24 hours, then shows the new one once', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [orgEndpoint('wh-1')] });
    client.organizationWebhookRotateSecret.mockResolvedValue({ secret: SECRET });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: `Rotate secret of ${URL_1}` }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText(/For 24 hours every event is signed with both the new and the old secret/),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() =>
      expect(client.organizationWebhookRotateSecret).toHaveBeenCalledWith({ endpointId: 'wh-1' }),
    );
    expect(await dialog.findByText(SECRET)).toBeTruthy();
  });

  it('deletes an endpoint after confirming, and says a refusal in words', async () => {
    client.organizationWebhookListEndpoints
      .mockResolvedValueOnce({ endpoints: [orgEndpoint('wh-1')] })
      .mockResolvedValue({ endpoints: [] });
    client.organizationWebhookDeleteEndpoint
      .mockRejectedValueOnce(
        new GatehouseError(404, 'WEBHOOK_ENDPOINT_NOT_FOUND', 'Webhook endpoint not found'),
      )
      .mockResolvedValue({ success: true });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: `Delete ${URL_1}` }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await dialog.findByText('This endpoint no longer exists.')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(client.organizationWebhookDeleteEndpoint).toHaveBeenCalledWith({ endpointId: 'wh-1' }),
    );
    expect(await screen.findByText('No webhook endpoints yet.')).toBeTruthy();
  });

  it('shows the delivery log with attempts and their errors in words, pages on, and redelivers', async () => {
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [orgEndpoint('wh-1')] });
    client.organizationWebhookListDeliveries
      .mockResolvedValueOnce({
        deliveries: [
          deliveryFixture('d-2', {
            status: 'pending',
            attempt: 2,
            responseStatus: 503,
            durationMs: 12,
            nextAttemptAt: '2026-03-12T10:05:00.000Z',
            attempts: [
              {
                attempt: 1,
                startedAt: '2026-03-12T10:00:01.000Z',
                responseStatus: null,
                durationMs: 10000,
                error: 'timeout',
              },
              {
                attempt: 2,
                startedAt: '2026-03-12T10:00:06.000Z',
                responseStatus: 503,
                durationMs: 12,
                error: null,
              },
            ],
          }),
        ],
        nextCursor: 'cursor-2',
      })
      .mockResolvedValueOnce({
        deliveries: [
          deliveryFixture('d-1', {
            status: 'failed',
            attempt: 1,
            responseStatus: null,
            attempts: [
              {
                attempt: 1,
                startedAt: '2026-03-12T09:00:01.000Z',
                responseStatus: null,
                durationMs: 1,
                error: 'private_address',
              },
            ],
          }),
        ],
        nextCursor: null,
      });
    client.organizationWebhookRedeliver.mockResolvedValue({ delivery: deliveryFixture('d-3') });
    const { user } = openAs(OWNER);
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${URL_1}` }));
    const log = within(await screen.findByRole('list', { name: `Deliveries to ${URL_1}` }));
    const [pending] = log.getAllByRole('listitem');
    expect(pending?.textContent).toContain('Signed in');
    expect(pending?.textContent).toContain('Pending');
    expect(pending?.textContent).toContain('2 attempts');
    expect(pending?.textContent).toContain('HTTP 503');
    expect(pending?.textContent).toContain('12 ms');
    expect(pending?.textContent).toContain('Next attempt');
    expect(pending?.textContent).toContain('No answer within 10 seconds');
    expect(client.organizationWebhookListDeliveries.mock.calls[0]?.[0]).toEqual({ endpointId: 'wh-1' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await log.findByText('Failed')).toBeTruthy();
    expect(client.organizationWebhookListDeliveries.mock.calls[1]?.[0]).toEqual({
      endpointId: 'wh-1',
      cursor: 'cursor-2',
    });
    expect(
      log.getAllByText('Refused: the address is private, loopback or link-local').length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const [redeliver] = log.getAllByRole('button', { name: 'Redeliver Signed in' });
    await user.click(redeliver as HTMLElement);
    await waitFor(() =>
      expect(client.organizationWebhookRedeliver).toHaveBeenCalledWith({ deliveryId: 'd-2' }),
    );
  });

  it('a custom role that may only read sees endpoints and deliveries without any action', async () => {
    customRoleMay('read');
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [orgEndpoint('wh-1')] });
    client.organizationWebhookListDeliveries.mockResolvedValue({
      deliveries: [deliveryFixture('d-1')],
      nextCursor: null,
    });
    const { user } = openAs(SUPPORT);
    await user.click(await screen.findByRole('button', { name: `Deliveries to ${URL_1}` }));
    expect(await screen.findByText('Delivered')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toBeTruthy();
    for (const name of [
      'Add endpoint',
      `Edit ${URL_1}`,
      `Turn off ${URL_1}`,
      `Delete ${URL_1}`,
      'Redeliver Signed in',
    ])
      expect(screen.queryByRole('button', { name }), name).toBeNull();
  });

  it('offers delete only with webhook:delete, and the rest only with webhook:update', async () => {
    customRoleMay('read', 'delete');
    client.organizationWebhookListEndpoints.mockResolvedValue({ endpoints: [orgEndpoint('wh-1')] });
    openAs(SUPPORT);
    expect(await screen.findByRole('button', { name: `Delete ${URL_1}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `Rotate secret of ${URL_1}` })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });

  it('hides the tab from a member without webhook:read, says why on the page, and asks for nothing', async () => {
    openAs(PLAIN);
    expect(
      await screen.findByText('Your role does not let you see this organization’s webhooks.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull();
    expect(client.organizationWebhookListEndpoints).not.toHaveBeenCalled();
  });

  it('hides the tab from an owner where the server offers no webhooks (/api/config webhooks: false)', async () => {
    client.organizationWebhookListEndpoints.mockRejectedValue(
      new GatehouseError(404, 'NOT_FOUND', 'Not found'),
    );
    openAs(OWNER, { webhooks: false });
    expect(await screen.findByText('This server does not offer webhooks.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Members' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Webhooks' })).toBeNull();
  });

  it('says the server offers no webhooks where the routes answer 404, and other refusals in words', async () => {
    client.organizationWebhookListEndpoints.mockRejectedValueOnce(
      new GatehouseError(404, 'NOT_FOUND', 'Not found'),
    );
    openAs(OWNER);
    expect(await screen.findByText('This server does not offer webhooks.')).toBeTruthy();
    cleanup();
    client.organizationWebhookListEndpoints.mockRejectedValue(
      new GatehouseError(403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 'server says'),
    );
    openAs(OWNER);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The webhooks could not be loaded.');
    expect(alert.textContent).not.toContain('server says');
  });
});
