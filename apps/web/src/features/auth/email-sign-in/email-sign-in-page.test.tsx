// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { renderRoutes } from '../../../testing/render-routes.tsx';
import { EmailSignInPage } from './email-sign-in-page.tsx';

// The HTTP client is mocked: the server's answers are given here, so the test checks only how the
// page presents them. The real sign-in is covered by the server and browser tests.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    signInMagicLink: vi.fn(),
    magicLinkVerifyCode: vi.fn(),
    sendVerificationOtp: vi.fn(),
    signInEmailOtp: vi.fn(),
  },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** Stands in for the second step: shows where it was reached and what it was handed. */
function SecondStep() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

const ROUTES = [
  { path: '/sign-in/by-email', element: <EmailSignInPage /> },
  { path: '/sign-in/two-factor', element: <SecondStep /> },
];

it('emails a link that comes back to ?next=, then signs in with the code beside it', async () => {
  vi.mocked(authClient.signInMagicLink).mockResolvedValue({ status: true });
  vi.mocked(authClient.magicLinkVerifyCode).mockResolvedValue({
    twoFactorRedirect: true,
    twoFactorMethods: ['otp'],
  } as never);
  const { user } = renderRoutes(ROUTES, '/sign-in/by-email?next=/account/sessions', null, {
    magicLink: true,
    emailOtp: true,
  });
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Email me a link' }));

  expect(await screen.findByText(/we sent a sign-in link to/)).toBeTruthy();
  expect(authClient.signInMagicLink).toHaveBeenCalledWith({
    email: 'ada@example.com',
    callbackURL: '/account/sessions',
    errorCallbackURL: '/sign-in/by-email',
  });
  await user.type(screen.getByLabelText('Code from the email'), '12345');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Enter the six digits from the email.')).toBeTruthy();
  await user.type(screen.getByLabelText('Code from the email'), '6');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(
    await screen.findByText('/sign-in/two-factor?callbackURL=%2Faccount%2Fsessions {"methods":["otp"]}'),
  ).toBeTruthy();
  expect(authClient.magicLinkVerifyCode).toHaveBeenCalledWith({ email: 'ada@example.com', code: '123456' });
});

it('emails a code alone when only codes are on, and says what a refused code means', async () => {
  vi.mocked(authClient.sendVerificationOtp).mockResolvedValue({ success: true });
  vi.mocked(authClient.signInEmailOtp).mockRejectedValue(
    new GatehouseError(403, 'TOO_MANY_ATTEMPTS', 'Too many attempts'),
  );
  const { user } = renderRoutes(ROUTES, '/sign-in/by-email', null, { emailOtp: true });
  expect(screen.queryByRole('button', { name: 'Email me a link' })).toBeNull();
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Email me a code' }));
  expect(await screen.findByText(/we sent a six-digit code to/)).toBeTruthy();
  expect(authClient.sendVerificationOtp).toHaveBeenCalledWith({ email: 'ada@example.com', type: 'sign-in' });
  await user.type(screen.getByLabelText('Code from the email'), '000000');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(
    await screen.findByText('Too many wrong tries: this code no longer works. Ask for a new one.'),
  ).toBeTruthy();
  expect(authClient.signInEmailOtp).toHaveBeenCalledWith({ email: 'ada@example.com', otp: '000000' });
});

it('explains a link that failed, and says when the server signs in by email no way at all', async () => {
  renderRoutes(ROUTES, '/sign-in/by-email?error=INVALID_TOKEN', null, { magicLink: true });
  expect(
    await screen.findByText('This link has expired or was already used. Ask for a new one.'),
  ).toBeTruthy();
  cleanup();
  renderRoutes(ROUTES, '/sign-in/by-email', null, {});
  expect(await screen.findByText('This server does not sign in by email.')).toBeTruthy();
});
