// @vitest-environment happy-dom
import type { SignUpPolicy } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
import { SignInPage } from '../sign-in/sign-in-page.tsx';
import { SignUpPage } from '../sign-up/sign-up-page.tsx';

// No request may leave the test: the pages only read the policy the product config holds.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: {} }));

function renderPage(page: 'sign-in' | 'sign-up', signUp: SignUpPolicy) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(productConfigQueryKey, {
    socialProviders: [],
    signUp,
    passwordMinLength: 8,
    passkeys: false,
    accountDeletion: 'immediate',
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{page === 'sign-in' ? <SignInPage /> : <SignUpPage />}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the sign-up policy on the sign-in and sign-up pages', () => {
  afterEach(cleanup);

  it('open: sign-in offers an account, sign-up has the form and no notice', () => {
    renderPage('sign-in', 'open');
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/sign-up');
    cleanup();
    renderPage('sign-up', 'open');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.queryByText(/invitation only/)).toBeNull();
  });

  it('invite-only: both pages say an invitation is needed, and the form stays', () => {
    renderPage('sign-in', 'invite-only');
    expect(screen.getByText('Invited to an organization?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your account' }).getAttribute('href')).toBe('/sign-up');
    cleanup();
    renderPage('sign-up', 'invite-only');
    expect(screen.getByRole('status').textContent).toBe(
      'Sign-up is by invitation only: use the email address your invitation was sent to.',
    );
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('closed: no way to an account from sign-in, and sign-up explains instead of showing a form', () => {
    renderPage('sign-in', 'closed');
    expect(screen.getByText('This server does not create new accounts.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Create/ })).toBeNull();
    cleanup();
    renderPage('sign-up', 'closed');
    expect(screen.getByRole('heading', { name: 'Sign-up is closed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
  });
});
