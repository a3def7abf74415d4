// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { SignUpForm } from './sign-up-form.tsx';

// The HTTP client is mocked: this test is about the form, and it must not reach any server.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { signUpEmail: vi.fn() } }));

afterEach(cleanup);

it('shows the validation messages without calling the server', async () => {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
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
});
