// @vitest-environment happy-dom
import type { SessionData } from '@gatehouse/client';
import { SessionProvider, useSession } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth-client.ts';
import { rememberPending, useResumedForm } from '../../lib/pending-reauth.ts';
import { ResumeAfterReauth } from './resume-after-reauth.tsx';
import { heldSessionRead, revokeTellingListeners, sessionListeners } from './testing/session-listeners.ts';

// The HTTP client is mocked: this checks what the page does on the way back from a provider.
// The whole journey, with a real provider, is e2e/reauthentication-social.test.ts.
vi.mock('../../lib/auth-client.ts', async () => ({
  authClient: {
    getSession: vi.fn(),
    onSessionChange: (await import('./testing/session-listeners.ts')).onSessionChange,
    unlinkAccount: vi.fn(),
    listSessions: vi.fn(),
    revokeSession: vi.fn(),
  },
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const client = vi.mocked(authClient);
const SESSION = {
  session: { id: 's2', token: 'token-2', userId: 'u1' },
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
} as unknown as SessionData;

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function Who() {
  const { data } = useSession();
  return <p data-testid="who">{data?.user.id ?? ''}</p>;
}

/** A form that opens again for the passkey calls, as the Security page's does. */
function AddPasskeyForm() {
  const [open, setOpen] = useState(false);
  useResumedForm(['passkeyGenerateRegisterOptions'], () => setOpen(true));
  return open ? <p>Add a passkey, again</p> : null;
}

function renderAt(entry: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider client={{ ...authClient }}>
        <MemoryRouter initialEntries={[entry]}>
          <ResumeAfterReauth />
          <AddPasskeyForm />
          <Where />
          <Who />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('back from confirming with a provider', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    client.getSession.mockResolvedValue(SESSION);
    client.unlinkAccount.mockResolvedValue({ status: true });
    client.listSessions.mockResolvedValue([
      { id: 's1', token: 'token-1' },
      { id: 's2', token: 'token-2' },
    ] as never);
    client.revokeSession.mockResolvedValue({ status: true });
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    sessionListeners.clear();
  });

  it('runs the refused call again, ends the replaced session and drops the mark', async () => {
    rememberPending(
      { method: 'unlinkAccount', args: [{ accountId: 'a1' }] },
      { userId: 'u1', path: '/account/connections', replacedSessionId: 's1' },
    );
    renderAt('/account/connections?linked=1&reauthenticated=1');
    // All of it, in one wait: the address settles on its own time, apart from the calls.
    await waitFor(() => {
      expect(client.revokeSession).toHaveBeenCalledWith({ token: 'token-1' });
      expect(client.unlinkAccount).toHaveBeenCalledWith({ accountId: 'a1' });
      expect(screen.getByTestId('where').textContent).toBe('/account/connections?linked=1');
    });
    expect(client.unlinkAccount).toHaveBeenCalledTimes(1);
  });

  it('waits for the session read that ending the replaced session starts before calling', async () => {
    client.revokeSession.mockImplementation(revokeTellingListeners);
    const held = heldSessionRead();
    client.getSession.mockResolvedValueOnce(SESSION).mockImplementationOnce(held.read);
    rememberPending(
      { method: 'unlinkAccount', args: [{ accountId: 'a1' }] },
      { userId: 'u1', path: '/account/connections', replacedSessionId: 's1' },
    );
    renderAt('/account/connections?reauthenticated=1');
    await waitFor(() => expect(client.getSession).toHaveBeenCalledTimes(2));
    // The read still carries the session the call may replace: the call waits for its answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.unlinkAccount).not.toHaveBeenCalled();
    held.answer(SESSION);
    await waitFor(() => expect(client.unlinkAccount).toHaveBeenCalledWith({ accountId: 'a1' }));
  });

  it('opens the form again for a call that needs the person', async () => {
    rememberPending(
      { method: 'passkeyGenerateRegisterOptions', args: [{ name: 'Laptop' }] },
      { userId: 'u1', path: '/account/security' },
    );
    renderAt('/account/security?reauthenticated=1');
    expect(await screen.findByText('Add a passkey, again')).toBeTruthy();
  });

  it('does nothing for another person, or without the mark', async () => {
    rememberPending(
      { method: 'unlinkAccount', args: [{ accountId: 'a1' }] },
      { userId: 'someone-else', path: '/account/connections' },
    );
    renderAt('/account/connections?reauthenticated=1');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/account/connections'));
    cleanup();
    rememberPending(
      { method: 'unlinkAccount', args: [{ accountId: 'a1' }] },
      { userId: 'u1', path: '/account/connections' },
    );
    renderAt('/account/connections');
    // Nothing once the page knows who is signed in and has had time to act on it.
    await waitFor(() => expect(screen.getByTestId('who').textContent).toBe('u1'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(client.unlinkAccount).not.toHaveBeenCalled();
  });
});
