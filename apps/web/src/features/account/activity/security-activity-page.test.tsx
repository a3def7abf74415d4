// @vitest-environment happy-dom
import type { Session } from '@gatehouse/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityEvent } from '../../../components/audit/testing/events.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes, sessionFor } from '../../../testing/render-routes.tsx';
import { SecurityActivityPage } from './security-activity-page.tsx';

// The HTTP client is mocked: under test is what the timeline shows and what "This wasn't me"
// sends; the events themselves are tested on the server (packages/core features/audit).
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: { securityEvents: vi.fn(), listSessions: vi.fn(), revokeSession: vi.fn() },
}));

const securityEvents = vi.mocked(authClient.securityEvents);
const listSessions = vi.mocked(authClient.listSessions);
const revokeSession = vi.mocked(authClient.revokeSession);

const ADA = { id: 'user-ada', name: 'Ada', email: 'ada@example.com' };
// sessionFor names the current session `session-user-ada`.
const CURRENT = 'session-user-ada';

function session(id: string, token: string): Session {
  return {
    id,
    token,
    userId: ADA.id,
    expiresAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ipAddress: null,
    userAgent: null,
  };
}

function open() {
  return renderRoutes(
    [
      { path: '/account/activity', element: <SecurityActivityPage /> },
      { path: '/account/security', element: <h1>Password page</h1> },
    ],
    '/account/activity',
    sessionFor(ADA, null),
  );
}

describe('SecurityActivityPage', () => {
  beforeEach(() => {
    for (const mock of [securityEvents, listSessions, revokeSession]) mock.mockReset();
  });
  afterEach(cleanup);

  it('shows each event in words with its time, device and address', async () => {
    securityEvents.mockResolvedValue({
      events: [
        securityEvent('e1', 'user.signed_in', { sessionId: CURRENT, metadata: { method: 'password' } }),
        securityEvent('e2', 'user.sign_in_failed', { outcome: 'failure', ip: null }),
      ],
      nextCursor: null,
    });
    open();
    const timeline = within(await screen.findByRole('list', { name: 'Security activity' }));
    const items = timeline.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('Signed in (password)');
    expect(items[0]?.textContent).toContain('Chrome 120 on macOS');
    expect(items[0]?.textContent).toContain('203.0.113.7');
    expect(items[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
    expect(items[1]?.textContent).toContain('Sign-in failed');
    expect(items[1]?.textContent).toContain('Refused');
    expect(items[1]?.textContent).toContain('unknown address');
    // The sign-in of this very session is not offered "This wasn't me".
    expect(screen.queryByRole('button', { name: 'This wasn’t me' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('loads the next page with the cursor the last one gave', async () => {
    securityEvents
      .mockResolvedValueOnce({ events: [securityEvent('e1', 'user.password_changed')], nextCursor: 'c-2' })
      .mockResolvedValueOnce({ events: [securityEvent('e2', 'user.signed_up')], nextCursor: null });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Account created')).toBeTruthy();
    expect(screen.getByText('Password changed')).toBeTruthy();
    expect(securityEvents.mock.calls[1]?.[0]).toEqual({ cursor: 'c-2' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('“This wasn’t me” signs out the session of that sign-in by its token and leads to the password', async () => {
    securityEvents.mockResolvedValue({
      events: [securityEvent('e1', 'user.signed_in', { sessionId: 'session-other' })],
      nextCursor: null,
    });
    listSessions.mockResolvedValue([session(CURRENT, 'token'), session('session-other', 'other-token')]);
    revokeSession.mockResolvedValue({ status: true });
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'This wasn’t me' }));
    await waitFor(() => expect(revokeSession).toHaveBeenCalledWith({ token: 'other-token' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
  });

  it('revokes nothing when that session has already ended, and still leads to the password', async () => {
    securityEvents.mockResolvedValue({
      events: [securityEvent('e1', 'user.signed_in', { sessionId: 'session-gone' })],
      nextCursor: null,
    });
    listSessions.mockResolvedValue([session(CURRENT, 'token')]);
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'This wasn’t me' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/security'));
    expect(revokeSession).not.toHaveBeenCalled();
  });

  it('says when the activity cannot be loaded', async () => {
    securityEvents.mockRejectedValue(new Error('network down'));
    open();
    expect(await screen.findByText(/The activity could not be loaded/)).toBeTruthy();
  });
});
