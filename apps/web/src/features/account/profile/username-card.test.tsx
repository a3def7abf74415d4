// @vitest-environment happy-dom
import { GatehouseError, type User } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { UsernameCard } from './username-card.tsx';

// The HTTP client is mocked: this tests what the card sends and where it words a refusal; the
// server's rules are packages/core/src/features/username/username-fields.test.ts.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    updateUser: vi.fn(),
    getSession: vi.fn(async () => null),
    onSessionChange: () => () => {},
  },
}));

const updateUser = vi.mocked(authClient.updateUser);
const USER = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  image: null,
  username: 'ada.l',
  displayUsername: 'Ada.L',
} as unknown as User;

function renderCard(user: User = USER) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SessionProvider client={authClient}>
        <UsernameCard user={user} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('UsernameCard', () => {
  beforeEach(() => {
    updateUser.mockReset();
  });
  afterEach(cleanup);

  it('shows the username and its display form the account holds', () => {
    renderCard();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ada.l');
    expect((screen.getByLabelText('Display username') as HTMLInputElement).value).toBe('Ada.L');
  });

  it('sends a new username alone, so the display name follows it', async () => {
    updateUser.mockResolvedValue({ status: true });
    const user = renderCard();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'Countess_Ada');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    await vi.waitFor(() => expect(updateUser).toHaveBeenCalledTimes(1));
    expect(updateUser).toHaveBeenCalledWith({ username: 'Countess_Ada' });
  });

  it('sends only the display name when only it changed', async () => {
    updateUser.mockResolvedValue({ status: true });
    const user = renderCard();
    await user.clear(screen.getByLabelText('Display username'));
    await user.type(screen.getByLabelText('Display username'), 'ADA.L');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    await vi.waitFor(() => expect(updateUser).toHaveBeenCalledTimes(1));
    expect(updateUser).toHaveBeenCalledWith({ displayUsername: 'ADA.L' });
  });

  it('words the rules before sending', async () => {
    const user = renderCard();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'ada-l');
    await user.clear(screen.getByLabelText('Display username'));
    await user.type(screen.getByLabelText('Display username'), 'x'.repeat(65));
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('A username may hold only letters, digits, “_” and “.”.')).toBeTruthy();
    expect(
      screen.getByText('The display name cannot be used: keep it to 64 characters, on one line.'),
    ).toBeTruthy();

    await user.clear(screen.getByLabelText('Username'));
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    expect(await screen.findByText('The username is too short: use at least 3 characters.')).toBeTruthy();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it.each([
    ['USERNAME_IS_ALREADY_TAKEN', 'This username is already taken. Please try another.'],
    ['USERNAME_IS_RESERVED', 'This username is reserved. Please try another.'],
  ])('shows %s at the username field', async (code, words) => {
    updateUser.mockRejectedValue(new GatehouseError(400, code, 'refused'));
    const user = renderCard();
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'grace');
    await user.click(screen.getByRole('button', { name: 'Save username' }));
    const message = await screen.findByText(words);
    const field = screen.getByLabelText('Username');
    expect(field.getAttribute('aria-describedby')).toContain(message.id);
    expect(document.activeElement).toBe(field);
  });
});
