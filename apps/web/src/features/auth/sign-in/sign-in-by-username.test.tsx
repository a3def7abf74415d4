// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { SignInForm } from './sign-in-form.tsx';

// The HTTP client is mocked, and the server has usernames on: the test checks which call the form
// makes and how it presents the answer. Real sign-in by username is e2e/usernames-and-switching.test.ts.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: { signInEmail: vi.fn(), signInUsername: vi.fn() },
}));
vi.mock('../../../lib/product-config-query.ts', () => ({
  productConfigQueryOptions: () => ({
    queryKey: ['config'],
    queryFn: async () => ({ socialProviders: [], usernames: true }),
  }),
}));

const client = vi.mocked(authClient);

beforeEach(() => {
  client.signInEmail.mockReset();
  client.signInUsername.mockReset();
});
afterEach(cleanup);

/** Stands in for the second step: shows where it was reached and what it was handed. */
function SecondStep() {
  const location = useLocation();
  return <p>{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</p>;
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/sign-in', element: <SignInForm /> },
      { path: '/sign-in/two-factor', element: <SecondStep /> },
    ],
    { initialEntries: ['/sign-in?next=/organization/members'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

it('signs in by username when the field holds no @', async () => {
  client.signInUsername.mockResolvedValue({ redirect: false, token: 't', user: {} } as never);
  const user = userEvent.setup();
  renderForm();

  const identifier = await screen.findByLabelText('Email or username');
  await user.type(identifier, 'Ada.L');
  await user.type(screen.getByLabelText('Password'), 'right password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await vi.waitFor(() => expect(client.signInUsername).toHaveBeenCalledTimes(1));
  expect(client.signInUsername).toHaveBeenCalledWith(
    expect.objectContaining({ username: 'Ada.L', password: 'right password', rememberMe: true }),
  );
  expect(client.signInUsername.mock.calls[0]?.[0]).not.toHaveProperty('email');
  expect(client.signInEmail).not.toHaveBeenCalled();
});

it('takes an address in the same field to /sign-in/email', async () => {
  client.signInEmail.mockResolvedValue({ redirect: false, token: 't', user: {} } as never);
  const user = userEvent.setup();
  renderForm();

  await user.type(await screen.findByLabelText('Email or username'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'right password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await vi.waitFor(() => expect(client.signInEmail).toHaveBeenCalledTimes(1));
  expect(client.signInEmail).toHaveBeenCalledWith(
    expect.objectContaining({ email: 'ada@example.com', password: 'right password' }),
  );
  expect(client.signInUsername).not.toHaveBeenCalled();
});

it('asks for the field, and refuses a malformed address, without calling the server', async () => {
  const user = userEvent.setup();
  renderForm();

  await screen.findByLabelText('Email or username');
  await user.type(screen.getByLabelText('Password'), 'right password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Enter your email address or username.')).toBeTruthy();

  await user.type(screen.getByLabelText('Email or username'), 'ada@');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(screen.getByLabelText('Email or username').getAttribute('aria-invalid')).toBe('true');
  expect(screen.queryByText('Enter your email address or username.')).toBeNull();
  expect(client.signInUsername).not.toHaveBeenCalled();
  expect(client.signInEmail).not.toHaveBeenCalled();
});

it('shows INVALID_USERNAME_OR_PASSWORD at the password field', async () => {
  client.signInUsername.mockRejectedValue(
    new GatehouseError(401, 'INVALID_USERNAME_OR_PASSWORD', 'Invalid username or password'),
  );
  const user = userEvent.setup();
  renderForm();

  await user.type(await screen.findByLabelText('Email or username'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'wrong password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  const message = await screen.findByText('Invalid username or password.');
  const password = screen.getByLabelText('Password');
  expect(password.getAttribute('aria-invalid')).toBe('true');
  expect(password.getAttribute('aria-describedby')).toContain(message.id);
});

it('goes to the second step after a username sign-in that owes one, keeping ?next=', async () => {
  client.signInUsername.mockResolvedValue({ twoFactorRedirect: true, twoFactorMethods: ['totp'] } as never);
  const user = userEvent.setup();
  renderForm();

  await user.type(await screen.findByLabelText('Email or username'), 'ada');
  await user.type(screen.getByLabelText('Password'), 'right password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  expect(
    await screen.findByText('/sign-in/two-factor?callbackURL=%2Forganization%2Fmembers {"methods":["totp"]}'),
  ).toBeTruthy();
});
