// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityEvent } from '../../../components/audit/testing/events.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { AuditLogPage } from './audit-log-page.tsx';

// The HTTP client is mocked: under test is what the admin's audit table shows and asks for; the
// admin route and its permission are tested on the server.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { adminEvents: vi.fn() } }));

const adminEvents = vi.mocked(authClient.adminEvents);
const ADMIN = { id: 'user-root', name: 'Root', email: 'root@example.com' };

function open() {
  return renderRoutes(
    [{ path: '/admin/audit', element: <AuditLogPage /> }],
    '/admin/audit',
    sessionFor(ADMIN, null),
  );
}

describe('AuditLogPage', () => {
  beforeEach(() => {
    adminEvents.mockReset();
  });
  afterEach(cleanup);

  it('lists every event with the admin nav marking this section', async () => {
    adminEvents.mockResolvedValue({
      events: [
        securityEvent('e1', 'admin.user_banned', {
          actor: { type: 'admin', id: 'user-root', email: 'root@example.com', impersonatorId: null },
        }),
      ],
      nextCursor: null,
    });
    open();
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[1]?.textContent).toContain('admin.user_banned');
    expect(rows[1]?.textContent).toContain('root@example.com');
    const nav = within(screen.getByRole('navigation', { name: 'Admin' }));
    expect(nav.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
    expect(nav.getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(adminEvents.mock.calls[0]?.[0]).toEqual({});
  });

  it('filters by outcome and date range and points the exports at the admin route', async () => {
    adminEvents.mockResolvedValue({ events: [], nextCursor: null });
    const { user } = open();
    expect(await screen.findByText('No events.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Outcome'), 'success');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(adminEvents.mock.calls.at(-1)?.[0]).toEqual({
        outcome: 'success',
        to: '2026-11-20T23:59:59.999Z',
      }),
    );
    expect(screen.getByRole('link', { name: 'Export NDJSON' }).getAttribute('href')).toBe(
      '/api/auth/admin/events?outcome=success&to=2026-11-20T23%3A59%3A59.999Z&format=ndjson',
    );
  });

  it('shows the server’s refusal and offers to try again', async () => {
    adminEvents.mockImplementation(async () => {
      throw new GatehouseError(403, 'FORBIDDEN', 'Forbidden');
    });
    open();
    expect(await screen.findByText(/The activity could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
