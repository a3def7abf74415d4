// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { SignInForm } from './sign-in-form.tsx';

// The HTTP client and the browser's ceremony are mocked; the real ceremony with Chromium's
// virtual authenticator is e2e/passkeys.test.ts.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    signInEmail: vi.fn(),
    passkeyGenerateAuthenticateOptions: vi.fn(),
    passkeyVerifyAuthentication: vi.fn(),
  },
}));
vi.mock('../../../lib/product-config-query.ts', () => ({
  productConfigQueryOptions: () => ({
    queryKey: ['config'],
    queryFn: async () => ({ socialProviders: [], passkeys: true }),
  }),
}));
vi.mock('@simplewebauthn/browser', async (original) => ({
  ...(await original<typeof import('@simplewebauthn/browser')>()),
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: vi.fn(),
  startAuthentication: vi.fn(),
}));

const client = vi.mocked(authClient);
const { browserSupportsWebAuthnAutofill } = vi.mocked(await import('@simplewebauthn/browser'));

/** Stands in for the second step: shows where it was reached and what it was handed. */
function SecondStep() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

function renderSignIn(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element },
      { path: '/sign-in/two-factor', element: <SecondStep /> },
    ],
    { initialEntries: ['/sign-in?next=/account/sessions'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('signing in with a passkey', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    client.passkeyGenerateAuthenticateOptions.mockResolvedValue({ challenge: 'c' });
    vi.mocked(startAuthentication).mockResolvedValue({ id: 'cred' } as never);
    browserSupportsWebAuthnAutofill.mockResolvedValue(false);
  });
  afterEach(cleanup);

  it('asks the browser, then the server checks the answer', async () => {
    client.passkeyVerifyAuthentication.mockResolvedValue({ session: {}, user: {} } as never);
    const user = renderSignIn(<PasskeySignIn />);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(client.passkeyVerifyAuthentication).toHaveBeenCalledWith({ response: { id: 'cred' } }),
    );
    expect(startAuthentication).toHaveBeenCalledWith({
      optionsJSON: { challenge: 'c' },
      useBrowserAutofill: false,
    });
  });

  it('goes to the second step when the server asks for one', async () => {
    client.passkeyVerifyAuthentication.mockResolvedValue({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp'],
    });
    const user = renderSignIn(<PasskeySignIn />);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText(
        `/sign-in/two-factor?callbackURL=${encodeURIComponent('/account/sessions')} {"methods":["totp"]}`,
      ),
    ).toBeTruthy();
  });

  it('shows the refusal in words', async () => {
    client.passkeyVerifyAuthentication.mockRejectedValue(
      new GatehouseError(401, 'PASSKEY_NOT_FOUND', 'Passkey not found'),
    );
    const user = renderSignIn(<PasskeySignIn />);
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText(/That passkey is not known here/)).toBeTruthy();
  });

  it('offers passkeys in the email field’s autofill, and ends that request on a password sign-in', async () => {
    browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    // The autofill request waits until the person picks a passkey, or it is ended.
    vi.mocked(startAuthentication).mockReturnValue(new Promise(() => {}));
    const cancel = vi.spyOn(WebAuthnAbortService, 'cancelCeremony');
    client.signInEmail.mockResolvedValue({} as never);
    const user = renderSignIn(<SignInForm />);
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await waitFor(() =>
      expect(startAuthentication).toHaveBeenCalledWith({
        optionsJSON: { challenge: 'c' },
        useBrowserAutofill: true,
      }),
    );
    cancel.mockClear();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'a password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(client.signInEmail).toHaveBeenCalled());
    expect(cancel).toHaveBeenCalled();
  });

  it('signs in when a passkey is picked from the autofill', async () => {
    browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    client.passkeyVerifyAuthentication.mockResolvedValue({ session: {}, user: {} } as never);
    renderSignIn(<SignInForm />);
    await waitFor(() =>
      expect(client.passkeyVerifyAuthentication).toHaveBeenCalledWith({ response: { id: 'cred' } }),
    );
  });

  it('starts no autofill request where the browser offers none', async () => {
    renderSignIn(<SignInForm />);
    await waitFor(() => expect(browserSupportsWebAuthnAutofill).toHaveBeenCalled());
    expect(startAuthentication).not.toHaveBeenCalled();
  });
});
