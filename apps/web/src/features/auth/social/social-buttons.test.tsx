// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { leaveApp } from '../../../lib/leave-app.ts';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
import { SocialButtons } from './social-buttons.tsx';

// The HTTP client and the page navigation are replaced: this checks which buttons are drawn and
// what a click asks for. The real redirect through a provider is covered by the browser test.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { signInSocial: vi.fn() } }));
vi.mock('../../../lib/leave-app.ts', () => ({ leaveApp: vi.fn() }));

const signInSocial = vi.mocked(authClient.signInSocial);

/** Renders the buttons with the product config already known, as after the first fetch. */
function renderWith(socialProviders: { id: string; name: string }[], next: string | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  queryClient.setQueryData(productConfigQueryKey, { socialProviders });
  return render(
    <QueryClientProvider client={queryClient}>
      <SocialButtons next={next} />
    </QueryClientProvider>,
  );
}

describe('SocialButtons', () => {
  beforeEach(() => {
    signInSocial.mockReset();
    vi.mocked(leaveApp).mockReset();
  });
  afterEach(cleanup);

  it('draws one button per configured provider, named as configured', () => {
    renderWith([
      { id: 'github', name: 'GitHub' },
      { id: 'oidc', name: 'Company SSO' },
    ]);
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Continue with GitHub',
      'Continue with Company SSO',
    ]);
  });

  it('draws nothing when no provider is configured', () => {
    const { container } = renderWith([]);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks for the provider’s URL with the app’s callback paths, then leaves for it', async () => {
    signInSocial.mockResolvedValue({ url: 'https://id.example.com/authorize?state=abc', redirect: true });
    renderWith([
      { id: 'github', name: 'GitHub' },
      { id: 'oidc', name: 'Company SSO' },
    ]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with Company SSO' }));

    expect(signInSocial).toHaveBeenCalledWith({
      provider: 'oidc',
      callbackURL: '/',
      errorCallbackURL: '/social-error',
      newUserCallbackURL: '/account',
    });
    await vi.waitFor(() =>
      expect(leaveApp).toHaveBeenCalledWith('https://id.example.com/authorize?state=abc'),
    );
    // On the way out, no second flow can be started.
    for (const button of screen.getAllByRole('button'))
      expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('comes back to the page that sent the person to sign in, new account or not', async () => {
    signInSocial.mockResolvedValue({ url: 'https://id.example.com/authorize', redirect: true });
    renderWith([{ id: 'github', name: 'GitHub' }], '/account/sessions');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with GitHub' }));
    expect(signInSocial).toHaveBeenCalledWith({
      provider: 'github',
      callbackURL: '/account/sessions',
      errorCallbackURL: '/social-error',
      newUserCallbackURL: '/account/sessions',
    });
  });

  it('shows the server’s refusal and stays on the page', async () => {
    signInSocial.mockRejectedValue(new GatehouseError(404, 'PROVIDER_NOT_FOUND', 'Provider not found'));
    renderWith([{ id: 'github', name: 'GitHub' }]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue with GitHub' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Signing in with this provider is not available on this server.',
    );
    expect(leaveApp).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Continue with GitHub' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
