// @vitest-environment happy-dom
import { type Account, GatehouseError, type SessionData } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { startAuthentication } from '@simplewebauthn/browser';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth-client.ts';
import { leaveApp } from '../../lib/leave-app.ts';
import { withReauthentication } from '../../lib/reauthentication.ts';
import { ReauthDialog } from './reauth-dialog.tsx';
import { heldSessionRead, revokeTellingListeners, sessionListeners } from './testing/session-listeners.ts';

// The HTTP client and the browser's ceremony are mocked: this checks the passkey way of
// confirming it is you, and the order of the password way's requests. The password way end to
// end is e2e/reauthentication.test.ts.
vi.mock('../../lib/auth-client.ts', async () => ({
  authClient: {
    getSession: vi.fn(),
    onSessionChange: (await import('./testing/session-listeners.ts')).onSessionChange,
    listAccounts: vi.fn(),
    passkeyListUserPasskeys: vi.fn(),
    passkeyGenerateAuthenticateOptions: vi.fn(),
    passkeyReauthenticate: vi.fn(),
    signInEmail: vi.fn(),
    signInSocial: vi.fn(),
    revokeSession: vi.fn(),
  },
}));
const config = vi.hoisted(() => ({ socialProviders: [] as { id: string; name: string }[], passkeys: true }));
vi.mock('../../lib/product-config-query.ts', () => ({
  productConfigQueryOptions: () => ({ queryKey: ['config'], queryFn: async () => config }),
}));
vi.mock('../../lib/leave-app.ts', () => ({ leaveApp: vi.fn() }));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: () => true,
  startAuthentication: vi.fn(),
}));

const client = vi.mocked(authClient);
const SESSION = {
  session: { id: 's1', token: 'token-1', userId: 'u1' },
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
} as unknown as SessionData;
const notFresh = new GatehouseError(403, 'SESSION_NOT_FRESH', 'Session is not fresh');

/** A sensitive call the server refuses once for a stale session, through the app's retry. */
const sensitive = vi.fn();
const wrapped = withReauthentication({ changeEmail: sensitive });

function renderDialog(at = '/') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider client={{ ...authClient }}>
        <MemoryRouter initialEntries={[at]}>
          <ReauthDialog />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('re-authentication with a passkey', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    client.getSession.mockResolvedValue(SESSION);
    client.listAccounts.mockResolvedValue([{ id: 'a1', providerId: 'credential' } as Account]);
    client.passkeyGenerateAuthenticateOptions.mockResolvedValue({ challenge: 'c' });
    vi.mocked(startAuthentication).mockResolvedValue({ id: 'cred' } as never);
    sensitive.mockRejectedValueOnce(notFresh).mockResolvedValue('done');
  });
  afterEach(() => {
    cleanup();
    sessionListeners.clear();
  });

  it('offers the person’s passkey, makes the session fresh with it, and the refused call runs again', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([{ id: 'p1' } as never]);
    client.passkeyReauthenticate.mockResolvedValue({ session: {}, user: {} } as never);
    const user = renderDialog();
    let result: Promise<unknown> = Promise.resolve();
    await act(async () => {
      result = wrapped.changeEmail();
    });
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: 'Use a passkey' }));
    await expect(result).resolves.toBe('done');
    expect(client.passkeyReauthenticate).toHaveBeenCalledWith({ response: { id: 'cred' } });
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'c' },
      useBrowserAutofill: false,
    });
    expect(sensitive).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a refusal and keeps the dialog open', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([{ id: 'p1' } as never]);
    client.passkeyReauthenticate.mockRejectedValue(
      new GatehouseError(401, 'PASSKEY_NOT_FOUND', 'Passkey not found'),
    );
    const user = renderDialog();
    await act(async () => {
      void wrapped.changeEmail().catch(() => {});
    });
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: 'Use a passkey' }));
    expect(await dialog.findByText(/That passkey is not known here/)).toBeTruthy();
    // Cancelling hands the refusal back (and ends the question for the next test).
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers no passkey to a person without one', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([]);
    const user = renderDialog();
    await act(async () => {
      void wrapped.changeEmail().catch(() => {});
    });
    const dialog = within(await screen.findByRole('dialog'));
    await dialog.findByLabelText('Password');
    await waitFor(() => expect(client.passkeyListUserPasskeys).toHaveBeenCalled());
    expect(dialog.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
  });

  it('after the password, runs the refused call only once the session read that ending the old session starts is answered', async () => {
    client.passkeyListUserPasskeys.mockResolvedValue([]);
    client.signInEmail.mockResolvedValue({ token: 'token-2' } as never);
    client.revokeSession.mockImplementation(revokeTellingListeners);
    const held = heldSessionRead();
    client.getSession
      .mockResolvedValueOnce(SESSION)
      .mockResolvedValueOnce(SESSION)
      .mockImplementationOnce(held.read);
    const user = renderDialog();
    let result: Promise<unknown> = Promise.resolve();
    await act(async () => {
      result = wrapped.changeEmail();
    });
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(await dialog.findByLabelText('Password'), 'correct horse');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(client.revokeSession).toHaveBeenCalledWith({ token: 'token-1' }));
    await waitFor(() => expect(client.getSession).toHaveBeenCalledTimes(3));
    // That read still carries the session the call may replace: the call waits for its answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sensitive).toHaveBeenCalledTimes(1);
    held.answer(SESSION);
    await expect(result).resolves.toBe('done');
    expect(sensitive).toHaveBeenCalledTimes(2);
  });

  // Last: the refused call waits for good (the page leaves), and so would any refused after it.
  it('leaves for a connected provider, keeping which call it was to finish it on this page', async () => {
    config.socialProviders = [{ id: 'oidc', name: 'Test ID' }];
    client.listAccounts.mockResolvedValue([{ id: 'a1', providerId: 'oidc' } as Account]);
    client.passkeyListUserPasskeys.mockResolvedValue([]);
    client.signInSocial.mockResolvedValue({ url: 'https://id.example/authorize', redirect: true });
    const unlinkAccount = vi.fn().mockRejectedValue(notFresh);
    const user = renderDialog('/account/connections?linked=1');
    await act(async () => {
      void withReauthentication({ unlinkAccount }).unlinkAccount({ accountId: 'a1' });
    });
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(await dialog.findByRole('button', { name: 'Continue with Test ID' }));
    expect(dialog.queryByLabelText('Password')).toBeNull();
    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://id.example/authorize'));
    expect(client.signInSocial).toHaveBeenCalledWith({
      provider: 'oidc',
      callbackURL: '/account/connections?linked=1&reauthenticated=1',
      errorCallbackURL: '/social-error',
    });
    expect(JSON.parse(sessionStorage.getItem('gatehouse:pending-reauthentication') ?? '')).toMatchObject({
      method: 'unlinkAccount',
      args: [{ accountId: 'a1' }],
      userId: 'u1',
      path: '/account/connections',
      replacedSessionId: 's1',
    });
  });
});
