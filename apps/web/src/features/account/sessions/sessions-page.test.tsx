// @vitest-environment happy-dom
import type { Session } from '@gatehouse/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityEvent } from '../../../components/audit/testing/events.ts';
import { setLanguage } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { SessionsPage } from './sessions-page.tsx';

// The HTTP client is mocked: under test is what each device's row shows and what it asks for;
// the sessionId filter itself is tested on the server (features/audit/event-types.test.ts).
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    listSessions: vi.fn(),
    sessionLocations: vi.fn(async () => ({ locations: {} })),
    securityEvents: vi.fn(),
    revokeSession: vi.fn(),
  },
}));

const listSessions = vi.mocked(authClient.listSessions);
const securityEvents = vi.mocked(authClient.securityEvents);
const ADA = { id: 'user-ada', name: 'Ada', email: 'ada@example.com' };

function session(id: string, token: string): Session {
  return {
    id,
    token,
    userId: ADA.id,
    expiresAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T09:30:00.000Z',
    ipAddress: '203.0.113.7',
    userAgent: null,
  };
}

const open = () =>
  renderRoutes(
    [{ path: '/account/sessions', element: <SessionsPage /> }],
    '/account/sessions',
    sessionFor(ADA, null),
  );

describe('SessionsPage: each device with its own recent events', () => {
  beforeEach(() => {
    listSessions.mockReset();
    securityEvents.mockReset();
  });
  afterEach(() => {
    cleanup();
    setLanguage('en');
  });

  it('asks for each session’s last five events and lists them in words, with a way to all activity', async () => {
    // sessionFor names the current session `session-user-ada` (token `token-user-ada`).
    listSessions.mockResolvedValue([
      session('session-user-ada', 'token-user-ada'),
      session('s-other', 't-other'),
    ]);
    securityEvents.mockImplementation(async (filters) =>
      filters?.sessionId === 's-other'
        ? {
            events: [
              securityEvent('e2', 'user.password_changed', { sessionId: 's-other' }),
              securityEvent('e1', 'user.signed_in', {
                sessionId: 's-other',
                metadata: { method: 'passkey' },
              }),
            ],
            nextCursor: 'more',
          }
        : { events: [], nextCursor: null },
    );
    open();
    const lists = await screen.findAllByRole('region', { name: 'Recent activity on this device' });
    expect(lists).toHaveLength(2);
    // Each device's events are a query of their own: wait for both lists.
    await waitFor(() => {
      expect(screen.getByText('Password changed')).toBeTruthy();
      expect(screen.getByText('Signed in (passkey)')).toBeTruthy();
      expect(screen.getByText('Nothing recorded yet.')).toBeTruthy();
    });
    expect(securityEvents).toHaveBeenCalledWith({ sessionId: 's-other', limit: 5 }, expect.anything());
    expect(securityEvents).toHaveBeenCalledWith(
      { sessionId: 'session-user-ada', limit: 5 },
      expect.anything(),
    );
    const other = lists.find((list) => within(list).queryByText('Password changed'));
    expect(
      other && within(other).getByRole('link', { name: 'All security activity' }).getAttribute('href'),
    ).toBe('/account/activity');
    // Both rows still say when the device signed in and when it was last active.
    expect(screen.getAllByText('Signed in')).toHaveLength(2);
    expect(screen.getAllByText('Last active')).toHaveLength(2);
  });

  it('speaks the reader’s language, and says when a device’s events could not be loaded', async () => {
    setLanguage('de');
    listSessions.mockResolvedValue([session('session-user-ada', 'token-user-ada')]);
    securityEvents.mockRejectedValue(new Error('down'));
    open();
    expect(await screen.findByText('Letzte Aktivität auf diesem Gerät')).toBeTruthy();
    expect(await screen.findByText('Seine Aktivität konnte nicht geladen werden.')).toBeTruthy();
  });
});
