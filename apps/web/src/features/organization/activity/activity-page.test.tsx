// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityEvent } from '../../../components/audit/testing/events.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { OrganizationLayout } from '../layout/organization-layout.tsx';
import { fullOrganization, member, ORG_ID } from '../testing/fixtures.tsx';
import { ActivityPage } from './activity-page.tsx';

// The HTTP client is mocked: under test is who sees the Activity tab, what the table shows and
// what its filters, paging and export links ask for. The route is tested on the server.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    organizationGetFull: vi.fn(),
    organizationListRoles: vi.fn(),
    organizationHasPermission: vi.fn(),
    organizationEvents: vi.fn(),
  },
}));

const getFull = vi.mocked(authClient.organizationGetFull);
const listRoles = vi.mocked(authClient.organizationListRoles);
const organizationEvents = vi.mocked(authClient.organizationEvents);

const OWNER = member('olga', 'owner', 'Olga');
const PLAIN = member('mia', 'member', 'Mia');

function openAs(me: ReturnType<typeof member>, path = '/organization/activity') {
  return renderRoutes(
    [
      {
        path: '/organization',
        element: <OrganizationLayout />,
        children: [
          { path: '/organization/activity', element: <ActivityPage /> },
          { path: '/organization/members', element: <p>Members page</p> },
        ],
      },
    ],
    path,
    sessionFor(me.user, ORG_ID),
  );
}

describe('Organization ActivityPage', () => {
  beforeEach(() => {
    for (const mock of [getFull, listRoles, organizationEvents]) mock.mockReset();
    listRoles.mockResolvedValue([]);
    getFull.mockResolvedValue(fullOrganization([OWNER, PLAIN]));
  });
  afterEach(cleanup);

  it('shows an owner the tab and the organization’s events in a table', async () => {
    organizationEvents.mockResolvedValue({
      events: [
        securityEvent('e1', 'organization.member_added', { organizationId: ORG_ID }),
        securityEvent('e2', 'user.sign_in_failed', { outcome: 'failure', ip: null }),
      ],
      nextCursor: null,
    });
    openAs(OWNER);
    const table = within(await screen.findByRole('table'));
    expect(screen.getByRole('link', { name: 'Activity' })).toBeTruthy();
    const rows = table.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('organization.member_added');
    expect(rows[1]?.textContent).toContain('ada@example.com');
    expect(rows[2]?.textContent).toContain('Sign-in failed');
    expect(rows[2]?.textContent).toContain('Failure');
    expect(organizationEvents.mock.calls[0]?.[0]).toEqual({ organizationId: ORG_ID });
  });

  it('sends the filters, pages with the cursor and exports what is filtered', async () => {
    organizationEvents.mockResolvedValue({
      events: [securityEvent('e1', 'user.signed_in')],
      nextCursor: 'c-2',
    });
    const { user } = openAs(OWNER);
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('Event type'), 'user.*');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'failure');
    const from = screen.getByLabelText('From') as HTMLInputElement;
    await user.type(from, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const filtered = {
      organizationId: ORG_ID,
      type: 'user.*',
      outcome: 'failure',
      from: '2026-11-01T00:00:00.000Z',
    };
    await waitFor(() => expect(organizationEvents.mock.calls.at(-1)?.[0]).toEqual(filtered));

    const csv = screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '';
    const url = new URL(csv, 'http://localhost');
    expect(url.pathname).toBe('/api/auth/organization/events');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...filtered, format: 'csv' });
    expect(screen.getByRole('link', { name: 'Export NDJSON' }).getAttribute('href')).toContain(
      'format=ndjson',
    );

    organizationEvents.mockResolvedValueOnce({
      events: [securityEvent('e9', 'user.signed_out')],
      nextCursor: null,
    });
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(organizationEvents.mock.calls.at(-1)?.[0]).toEqual({ ...filtered, cursor: 'c-2' }),
    );
    expect(await screen.findByText('Signed out')).toBeTruthy();
  });

  it('hides the tab from a member without auditLog:read and says why on the page', async () => {
    openAs(PLAIN);
    expect(await screen.findByText(/does not let you read this organization’s activity/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull();
    expect(organizationEvents).not.toHaveBeenCalled();
  });
});
