// @vitest-environment happy-dom
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../lib/auth-client.ts';
import { SocialErrorPage } from './social-error-page.tsx';

// The session comes from a mocked client (signed out unless a test says otherwise): the page's
// words are what is tested here; the real redirect to it is covered by the server's tests.
vi.mock('../../lib/auth-client.ts', () => ({
  authClient: { getSession: vi.fn(async () => null), onSessionChange: () => () => {} },
}));

function renderAt(search: string, client = authClient) {
  const router = createMemoryRouter([{ path: '/social-error', element: <SocialErrorPage /> }], {
    initialEntries: [`/social-error${search}`],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider client={client}>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const message = () => screen.getByRole('alert').textContent;

describe('SocialErrorPage', () => {
  afterEach(cleanup);

  // Each callback error of docs/protocol/social.md#callback-error-codes that a person can do something about.
  it.each([
    ['access_denied', 'Sign-in was cancelled', 'did not give Gatehouse access'],
    ['state_mismatch', 'This sign-in has expired', 'Start again from this browser'],
    ['state_not_found', 'This sign-in link is not complete', 'missing its security check'],
    ['state_invalid', 'This sign-in has expired', 'could not be read'],
    [
      'account_already_linked_to_different_user',
      'That account belongs to someone else',
      'another Gatehouse account',
    ],
    ['email_not_found', 'The provider did not share your email', 'needs an email address'],
    ['email_does_not_match', 'The email addresses do not match', 'different email address'],
    ['account_not_linked', 'Sign in with your password first', 'not connected automatically'],
    ['unable_to_link_account', 'The account could not be connected', 'could not be connected to yours'],
    ['email_not_verified', 'Please verify your email first', 'verification link'],
    ['signup_disabled', 'New accounts cannot be created this way', 'does not create accounts'],
    ['unable_to_get_user_info', 'The provider did not tell us who you are', 'could not read your profile'],
    ['invalid_code', 'The provider’s answer was refused', 'could not be used'],
    ['oauth_provider_not_found', 'This provider is not available', 'does not offer sign-in'],
    ['validation_failed', 'This account is not allowed here', 'rules do not allow'],
    ['validation_source_missing', 'This account is not allowed here', 'rules do not allow'],
    ['no_code', 'The provider’s answer was incomplete', 'without a sign-in code'],
    ['issuer_mismatch', 'The provider’s answer failed a security check', 'did not come from the provider'],
    [
      'nonce_binding_missing',
      'The provider’s answer failed a security check',
      'missing part of its security check',
    ],
    ['unable_to_create_user', 'Your account could not be created', 'could not save your new account'],
    ['unable_to_create_session', 'You could not be signed in', 'could not start your session'],
    ['unable_to_update_account', 'You could not be signed in', 'could not update your connected account'],
    ['internal_server_error', 'Something went wrong on our side', 'ran into a problem'],
  ])('explains %s', (code, title, words) => {
    renderAt(`?error=${code}`);
    expect(heading()).toBe(title);
    expect(message()).toContain(words);
    expect(screen.getByText(code).tagName).toBe('CODE');
  });

  // Codes no screen can say more about: the no_callback_url that cannot happen in practice, and
  // other OAuth error codes a provider may send (RFC 6749 §4.1.2.1).
  it.each([
    'no_callback_url',
    'invalid_request',
    'invalid_scope',
    'server_error',
    'temporarily_unavailable',
    'issuer_missing',
  ])('gives the generic message for %s, with its code for support', (code) => {
    renderAt(`?error=${code}`);
    expect(heading()).toBe('Sign-in did not work');
    expect(message()).toContain('Something went wrong while signing in with the provider.');
    expect(screen.getByText(code)).toBeTruthy();
  });

  it('gives the generic message without an error code', () => {
    renderAt('');
    expect(heading()).toBe('Sign-in did not work');
    expect(screen.queryByText(/Error code/)).toBeNull();
  });

  it('never prints the provider’s description or text that is not a code', () => {
    renderAt('?error=Call%20555-0100%20now&error_description=Your%20account%20is%20locked');
    expect(heading()).toBe('Sign-in did not work');
    expect(document.body.textContent).not.toContain('555-0100');
    expect(document.body.textContent).not.toContain('locked');
  });

  it('does not treat inherited object keys as codes', () => {
    renderAt('?error=constructor');
    expect(heading()).toBe('Sign-in did not work');
  });

  it('leads back to sign-in and home', () => {
    renderAt('?error=access_denied');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('leads a signed-in person back to the connected accounts instead', async () => {
    // A client of its own: the session store is shared per client, and this one is signed in.
    const signedIn = {
      getSession: async () => ({
        session: { id: 's', token: 't', userId: 'u' },
        user: { id: 'u', email: 'ada@example.com', name: 'Ada' },
      }),
      onSessionChange: () => () => {},
    } as unknown as typeof authClient;
    renderAt('?error=unable_to_link_account', signedIn);
    const back = await screen.findByRole('link', { name: 'Back to your account' });
    expect(back.getAttribute('href')).toBe('/account/connections');
  });
});
