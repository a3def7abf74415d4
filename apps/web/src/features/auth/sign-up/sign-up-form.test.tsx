// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { testQueryClient } from '../../../lib/test-query-client.ts';
import { SignUpForm } from './sign-up-form.tsx';

// The HTTP client is mocked: this test is about the form, and it must not reach any server.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { signUpEmail: vi.fn() } }));

afterEach(cleanup);

it('shows the validation messages without calling the server', async () => {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example');
  await user.type(screen.getByLabelText('Password'), 'short');
  await user.type(screen.getByLabelText('Confirm password'), 'shorter');
  await user.click(screen.getByRole('button', { name: 'Create account' }));

  expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeTruthy();
  expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
  expect(screen.getByText('The passwords do not match.')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  expect(authClient.signUpEmail).not.toHaveBeenCalled();
  // Typing four fields key by key takes seconds on a busy machine.
}, 15_000);

it('from an invitation: starts with the invited address, and the verification link leads back to it', async () => {
  vi.mocked(authClient.signUpEmail).mockResolvedValue({ token: null } as never);
  const user = userEvent.setup();
  const next = '/accept-invitation/inv-1';
  render(
    <QueryClientProvider client={testQueryClient()}>
      <MemoryRouter initialEntries={[`/sign-up?next=${encodeURIComponent(next)}&email=grace%40example.com`]}>
        <SignUpForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('grace@example.com');
  await user.type(screen.getByLabelText('Name'), 'Grace');
  await user.type(screen.getByLabelText('Password'), 'a long enough secret');
  await user.type(screen.getByLabelText('Confirm password'), 'a long enough secret');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  expect(authClient.signUpEmail).toHaveBeenCalledWith({
    name: 'Grace',
    email: 'grace@example.com',
    password: 'a long enough secret',
    callbackURL: '/verify-email?verified=1&next=/accept-invitation/inv-1',
  });
});

it('takes the password minimum from the server’s settings, in the hint and in the check', async () => {
  vi.mocked(authClient.signUpEmail).mockClear();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={testQueryClient({}, 12)}>
      <MemoryRouter>
        <SignUpForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(screen.getByText('12 to 128 characters.')).toBeTruthy();
  await user.type(screen.getByLabelText('Password'), 'elevenchars');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
  expect(authClient.signUpEmail).not.toHaveBeenCalled();
});
