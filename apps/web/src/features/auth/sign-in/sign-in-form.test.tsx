// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { SignInForm } from './sign-in-form.tsx';

// The HTTP client is mocked: the server's answer is given here, so the test checks only how the
// form presents it. Real sign-in over HTTP is covered by the server and browser tests.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { signInEmail: vi.fn() } }));
// Usernames off: the field is the address alone (sign-in-by-username.test.tsx has them on).
vi.mock('../../../lib/product-config-query.ts', () => ({
  productConfigQueryOptions: () => ({
    queryKey: ['config'],
    queryFn: async () => ({ socialProviders: [], usernames: false }),
  }),
}));

afterEach(cleanup);

it('shows INVALID_EMAIL_OR_PASSWORD at the password field', async () => {
  vi.mocked(authClient.signInEmail).mockRejectedValue(
    new GatehouseError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SignInForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  const message = await screen.findByText('That email and password do not match an account.');
  const password = screen.getByLabelText('Password');
  expect(password.getAttribute('aria-invalid')).toBe('true');
  expect(password.getAttribute('aria-describedby')).toContain(message.id);
  expect(document.activeElement).toBe(password);
  expect(authClient.signInEmail).toHaveBeenCalledWith(
    expect.objectContaining({ email: 'ada@example.com', password: 'wrong password', rememberMe: true }),
  );
});

/** Stands in for the second step: shows where it was reached and what it was handed. */
function SecondStep() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

it('goes to the second step with the methods the server listed, keeping ?next=', async () => {
  vi.mocked(authClient.signInEmail).mockResolvedValue({
    twoFactorRedirect: true,
    twoFactorMethods: ['otp'],
  } as never);
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInForm /> },
      { path: '/sign-in/two-factor', element: <SecondStep /> },
    ],
    { initialEntries: ['/sign-in?next=/organization/members'] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );

  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'right password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(
    await screen.findByText('/sign-in/two-factor?callbackURL=%2Forganization%2Fmembers {"methods":["otp"]}'),
  ).toBeTruthy();
});
