// @vitest-environment happy-dom
import { GatehouseError } from '@gatehouse/client';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { productConfigQueryKey } from '../../../lib/product-config-query.ts';
import { testQueryClient } from '../../../lib/test-query-client.ts';
import { SignUpForm } from './sign-up-form.tsx';

// The HTTP client is mocked: the test checks what the form asks and how it words the answers.
// A real sign-up with a username is e2e/usernames-and-switching.test.ts.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: { signUpEmail: vi.fn(), isUsernameAvailable: vi.fn() },
}));

const client = vi.mocked(authClient);

beforeEach(() => {
  client.signUpEmail.mockReset();
  client.isUsernameAvailable.mockReset();
});
afterEach(cleanup);

function withUsernames(on: boolean): QueryClient {
  const queryClient = testQueryClient();
  queryClient.setQueryData(productConfigQueryKey, {
    socialProviders: [],
    signUp: 'open',
    passwordMinLength: 8,
    usernames: on,
  } as never);
  return queryClient;
}

function renderForm(usernames = true) {
  render(
    <QueryClientProvider client={withUsernames(usernames)}>
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('has no username field while the server has usernames off', () => {
  renderForm(false);
  expect(screen.getByLabelText('Email')).toBeTruthy();
  expect(screen.queryByLabelText('Username (optional)')).toBeNull();
});

it('words the rules on leaving the field, without asking the server', async () => {
  const user = userEvent.setup();
  renderForm();
  const field = screen.getByLabelText('Username (optional)');

  await user.type(field, 'ab');
  await user.tab();
  expect(await screen.findByText('The username is too short: use at least 3 characters.')).toBeTruthy();

  await user.clear(field);
  await user.type(field, 'ada lovelace');
  await user.tab();
  expect(await screen.findByText('A username may hold only letters, digits, “_” and “.”.')).toBeTruthy();

  await user.clear(field);
  await user.type(field, 'a'.repeat(31));
  await user.tab();
  expect(await screen.findByText('The username is too long: use at most 30 characters.')).toBeTruthy();
  expect(client.isUsernameAvailable).not.toHaveBeenCalled();
});

it('says a free name is free, and a taken one taken, asking on leaving the field', async () => {
  client.isUsernameAvailable.mockImplementation(async ({ username }) => ({
    available: username !== 'grace',
  }));
  const user = userEvent.setup();
  renderForm();
  const field = screen.getByLabelText('Username (optional)');

  await user.type(field, 'Ada.L');
  await user.tab();
  expect(await screen.findByText('This username is free.')).toBeTruthy();
  expect(client.isUsernameAvailable).toHaveBeenCalledWith({ username: 'Ada.L' });

  // Typing again: the name is no longer announced free until it is asked about.
  await user.clear(field);
  await user.type(field, 'grace');
  expect(screen.queryByText('This username is free.')).toBeNull();
  await user.tab();
  expect(await screen.findByText('This username is already taken. Please try another.')).toBeTruthy();
  expect(field.getAttribute('aria-invalid')).toBe('true');
});

it('sends the username with the sign-up, and none when left blank', async () => {
  client.isUsernameAvailable.mockResolvedValue({ available: true });
  client.signUpEmail.mockResolvedValue({ token: 'session', user: {} } as never);
  const user = userEvent.setup();
  renderForm();

  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Username (optional)'), 'Ada.L');
  await user.type(screen.getByLabelText('Password'), 'a long enough password');
  await user.type(screen.getByLabelText('Confirm password'), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  await vi.waitFor(() => expect(client.signUpEmail).toHaveBeenCalledTimes(1));
  expect(client.signUpEmail).toHaveBeenCalledWith(
    expect.objectContaining({ name: 'Ada', email: 'ada@example.com', username: 'Ada.L' }),
  );

  cleanup();
  renderForm();
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'a long enough password');
  await user.type(screen.getByLabelText('Confirm password'), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  await vi.waitFor(() => expect(client.signUpEmail).toHaveBeenCalledTimes(2));
  expect(client.signUpEmail.mock.calls[1]?.[0]).not.toHaveProperty('username');
}, 20_000);

it('shows a refusal of the username at its field', async () => {
  client.isUsernameAvailable.mockResolvedValue({ available: true });
  client.signUpEmail.mockRejectedValue(
    new GatehouseError(400, 'USERNAME_IS_RESERVED', 'This username is reserved. Please try another.'),
  );
  const user = userEvent.setup();
  renderForm();

  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Username (optional)'), 'Admin');
  await user.type(screen.getByLabelText('Password'), 'a long enough password');
  await user.type(screen.getByLabelText('Confirm password'), 'a long enough password');
  await user.click(screen.getByRole('button', { name: 'Create account' }));

  const message = await screen.findByText('This username is reserved. Please try another.');
  const field = screen.getByLabelText('Username (optional)');
  expect(field.getAttribute('aria-describedby')).toContain(message.id);
  expect(document.activeElement).toBe(field);
}, 20_000);
