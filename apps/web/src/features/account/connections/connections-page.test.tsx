// @vitest-environment happy-dom
import type { Account } from '@gatehouse/client';
import { GatehouseError } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { leaveApp } from '../../../lib/leave-app.ts';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
import { ConnectionsPage } from './connections-page.tsx';

// The HTTP client and the page navigation are replaced: this checks what the page shows for each
// answer and what it asks for. Linking and unlinking against the real server (and a real OpenID
// provider) are covered by e2e/social-sign-in.test.ts.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    listAccounts: vi.fn(),
    unlinkAccount: vi.fn(),
    linkSocial: vi.fn(),
    signOut: vi.fn(),
    getSession: vi.fn(async () => null),
    onSessionChange: () => () => {},
  },
}));
vi.mock('../../../lib/leave-app.ts', () => ({ leaveApp: vi.fn() }));

const listAccounts = vi.mocked(authClient.listAccounts);
const unlinkAccount = vi.mocked(authClient.unlinkAccount);
const linkSocial = vi.mocked(authClient.linkSocial);

const account = (id: string, providerId: string): Account => ({
  id,
  providerId,
  accountId: `${providerId}-subject`,
  userId: 'user-1',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  scopes: [],
});

const BOTH = [
  { id: 'oidc', name: 'Company SSO' },
  { id: 'github', name: 'GitHub' },
];

function renderPage(path = '/account/connections', socialProviders = BOTH) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  queryClient.setQueryData(productConfigQueryKey, { socialProviders });
  const router = createMemoryRouter([{ path: '/account/connections', element: <ConnectionsPage /> }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider client={authClient}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const accountList = async () => within(await screen.findByRole('list', { name: 'Connected accounts' }));

describe('ConnectionsPage', () => {
  beforeEach(() => {
    listAccounts.mockReset();
    unlinkAccount.mockReset();
    linkSocial.mockReset();
    vi.mocked(leaveApp).mockReset();
  });
  afterEach(cleanup);

  it('lists every account, the email + password one included, by its provider’s name', async () => {
    listAccounts.mockResolvedValue([account('a1', 'credential'), account('a2', 'oidc')]);
    renderPage();
    const list = await accountList();
    expect(list.getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Email and password',
      'Company SSO',
    ]);
    // Both can be removed: neither is the last one.
    for (const button of list.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(false);
    // Only the provider not yet connected is offered.
    expect(screen.queryByRole('button', { name: 'Connect Company SSO' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect GitHub' })).toBeTruthy();
  });

  it('disables Remove on the only account and says why before any click', async () => {
    listAccounts.mockResolvedValue([account('a1', 'oidc')]);
    renderPage();
    const list = await accountList();
    const remove = list.getByRole('button', { name: 'Remove Company SSO' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    const reason = list.getByText(/This is your only way to sign in, so it can’t be removed/);
    expect(remove.getAttribute('aria-describedby')).toBe(reason.id);
    // GitHub is configured and not connected yet: the way out is named.
    expect(reason.textContent).toContain('Connect another account first.');
    await userEvent.setup().click(remove);
    expect(unlinkAccount).not.toHaveBeenCalled();
  });

  it('does not suggest connecting another account when there is none to connect', async () => {
    listAccounts.mockResolvedValue([account('a1', 'oidc')]);
    renderPage('/account/connections', [{ id: 'oidc', name: 'Company SSO' }]);
    const reason = (await accountList()).getByText(/only way to sign in/);
    expect(reason.textContent).toBe('This is your only way to sign in, so it can’t be removed.');
    expect(screen.queryByRole('button', { name: /^Connect/ })).toBeNull();
  });

  it('removes an account by its row id, then reloads the list (and the guard appears)', async () => {
    listAccounts
      .mockResolvedValueOnce([account('a1', 'credential'), account('a2', 'oidc')])
      .mockResolvedValue([account('a1', 'credential')]);
    unlinkAccount.mockResolvedValue({ status: true });
    const user = renderPage();
    await user.click((await accountList()).getByRole('button', { name: 'Remove Company SSO' }));
    // It asks first; nothing is sent before the answer.
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Company SSO?' }));
    expect(dialog.getByText(/no longer be able to sign in with Company SSO/)).toBeTruthy();
    expect(unlinkAccount).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    expect(unlinkAccount).toHaveBeenCalledWith({ accountId: 'a2' });
    await vi.waitFor(() => expect(screen.queryByText('Company SSO')).toBeNull());
    const remove = (await accountList()).getByRole('button', { name: 'Remove Email and password' });
    expect((remove as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Connect Company SSO' })).toBeTruthy();
  });

  it('warns that removing the password ends password sign-in, and Cancel keeps it', async () => {
    listAccounts.mockResolvedValue([account('a1', 'credential'), account('a2', 'oidc')]);
    const user = renderPage();
    await user.click((await accountList()).getByRole('button', { name: 'Remove Email and password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Email and password?' }));
    expect(
      dialog.getByText('You will no longer be able to sign in with your email and password.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(unlinkAccount).not.toHaveBeenCalled();
  });

  it('offers to sign in again when the server wants a fresh session to remove an account', async () => {
    listAccounts.mockResolvedValue([account('a1', 'credential'), account('a2', 'oidc')]);
    unlinkAccount.mockRejectedValue(new GatehouseError(403, 'SESSION_NOT_FRESH', 'Session is not fresh'));
    const user = renderPage();
    await user.click((await accountList()).getByRole('button', { name: 'Remove Company SSO' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('For your security, please sign in again before doing this.');
    expect(within(alert).getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      '/sign-in?next=/account/connections',
    );
  });

  it('connects a provider through link-social, coming back here either way', async () => {
    listAccounts.mockResolvedValue([account('a1', 'credential')]);
    linkSocial.mockResolvedValue({ url: 'https://github.example/authorize?state=s', redirect: true });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Connect GitHub' }));
    expect(linkSocial).toHaveBeenCalledWith({
      provider: 'github',
      callbackURL: '/account/connections?linked=1',
      errorCallbackURL: '/account/connections',
    });
    await vi.waitFor(() => expect(leaveApp).toHaveBeenCalledWith('https://github.example/authorize?state=s'));
  });

  it('shows why a link failed when the callback came back with ?error=', async () => {
    listAccounts.mockResolvedValue([account('a1', 'credential')]);
    renderPage('/account/connections?error=account_already_linked_to_different_user');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('That account belongs to someone else.');
    expect(alert.textContent).toContain('already connected to another Gatehouse account');
  });

  it('confirms a link that came back with ?linked=1', async () => {
    listAccounts.mockResolvedValue([account('a1', 'credential'), account('a2', 'github')]);
    unlinkAccount.mockResolvedValue({ status: true });
    const user = renderPage('/account/connections?linked=1');
    expect((await screen.findByRole('status')).textContent).toBe(
      'The account is connected. You can now sign in with it.',
    );
    // Once something else happens, the old outcome goes away.
    await user.click((await accountList()).getByRole('button', { name: 'Remove GitHub' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(screen.queryByText(/The account is connected/)).toBeNull());
  });
});
