// @vitest-environment happy-dom
import { type GatehouseClient, GatehouseError, type SessionData } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { reloadAt } from '../shared/impersonation.ts';
import { ImpersonationBanner } from './impersonation-banner.tsx';

// The HTTP client is mocked because this tests when the banner shows and what its button does;
// impersonation itself (cookies, sessions) is tested on the server.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { adminStopImpersonating: vi.fn() } }));
// A real page load would end the test page; the test only checks where it would go.
vi.mock('../shared/impersonation.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../shared/impersonation.ts')>()),
  reloadAt: vi.fn(),
}));

const stopImpersonating = vi.mocked(authClient.adminStopImpersonating);

function sessionOf(impersonatedBy: string | null): SessionData {
  const session = {
    id: 'session-1',
    token: 'token-1',
    userId: 'user-ada',
    expiresAt: '2026-01-02T11:00:00.000Z',
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ipAddress: null,
    userAgent: null,
    impersonatedBy,
  };
  const user = {
    id: 'user-ada',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    image: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
  };
  return { session, user };
}

/** A session provider's client of its own per test: the session store is kept per client. */
function renderBanner(data: SessionData | null) {
  const getSession = vi.fn(async () => data);
  const client = { getSession, onSessionChange: () => () => {} } as unknown as GatehouseClient;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SessionProvider client={client}>
        <ImpersonationBanner />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), getSession };
}

describe('ImpersonationBanner', () => {
  beforeEach(() => {
    stopImpersonating.mockReset();
    vi.mocked(reloadAt).mockReset();
  });
  afterEach(cleanup);

  it('names the impersonated user, and Stop impersonating goes back to the users list', async () => {
    stopImpersonating.mockResolvedValue({} as never);
    const { user } = renderBanner(sessionOf('user-admin'));

    const banner = await screen.findByRole('status');
    expect(banner.textContent).toContain(
      'You are signed in as Ada Lovelace (ada@example.com) by impersonation.',
    );

    await user.click(screen.getByRole('button', { name: 'Stop impersonating' }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith('/admin/users'));
    expect(stopImpersonating).toHaveBeenCalledTimes(1);
  });

  it('is not there for an ordinary session', async () => {
    const { getSession } = renderBanner(sessionOf(null));
    await waitFor(() => expect(getSession).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop impersonating' })).toBeNull();
  });

  it('stays, with the button usable again, when stopping fails', async () => {
    stopImpersonating.mockRejectedValue(
      new GatehouseError(500, 'ADMIN_SESSION_NOT_FOUND', 'Failed to find admin session'),
    );
    const { user } = renderBanner(sessionOf('user-admin'));
    const button = await screen.findByRole('button', { name: 'Stop impersonating' });
    await user.click(button);
    await waitFor(() => expect(stopImpersonating).toHaveBeenCalled());
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(reloadAt).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
