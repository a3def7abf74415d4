// @vitest-environment happy-dom
import { GatehouseError, type User } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import { AvatarUploadCard } from './avatar-upload-card.tsx';

// The HTTP client is mocked: this tests the card (checks before sending, where refusals show);
// the server's checks and the real upload are covered by the engine's and the e2e tests.
vi.mock('../../../lib/auth-client.ts', () => ({
  authClient: {
    uploadAvatar: vi.fn(),
    removeAvatar: vi.fn(),
    getSession: vi.fn(async () => null),
    onSessionChange: () => () => {},
  },
}));

const uploadAvatar = vi.mocked(authClient.uploadAvatar);
const removeAvatar = vi.mocked(authClient.removeAvatar);
const USER = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', image: null } as unknown as User;

function renderCard(user: User = USER) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <SessionProvider client={authClient}>
        <AvatarUploadCard user={user} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return {
    events: userEvent.setup({ applyAccept: false }),
    input: screen.getByLabelText('Upload a picture'),
  };
}

const file = (type: string, size = 10) => new File([new Uint8Array(size)], 'me', { type });

describe('AvatarUploadCard', () => {
  beforeEach(() => {
    uploadAvatar.mockReset();
    removeAvatar.mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(cleanup);

  it('uploads a chosen PNG', async () => {
    uploadAvatar.mockResolvedValue({ status: true, image: 'http://x/api/auth/avatar/u1?v=a' });
    const { events, input } = renderCard();
    const png = file('image/png');
    await events.upload(input, png);
    await waitFor(() => expect(uploadAvatar).toHaveBeenCalledWith(png));
  });

  it('refuses another type or a file over 1 MB at the field without sending it', async () => {
    const { events, input } = renderCard();
    await events.upload(input, file('image/svg+xml'));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a PNG, JPEG or WebP picture.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    await events.upload(input, file('image/jpeg', 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toBe('The file is too large: at most 1 MB.');
    expect(uploadAvatar).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of disguised content at the field', async () => {
    uploadAvatar.mockRejectedValue(
      new GatehouseError(400, 'AVATAR_NOT_AN_IMAGE', 'The file is not a PNG image'),
    );
    const { events, input } = renderCard();
    await events.upload(input, file('image/png'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not a PNG, JPEG or WebP picture, whatever its name says.',
    );
  });

  it('takes a dropped file', async () => {
    uploadAvatar.mockResolvedValue({ status: true, image: 'http://x/api/auth/avatar/u1?v=a' });
    renderCard();
    const webp = file('image/webp');
    fireEvent.drop(screen.getByTestId('avatar-drop-zone'), { dataTransfer: { files: [webp] } });
    await waitFor(() => expect(uploadAvatar).toHaveBeenCalledWith(webp));
  });

  it('offers removal only for an uploaded picture', async () => {
    removeAvatar.mockResolvedValue({ status: true });
    renderCard({ ...USER, image: 'https://img.example/me.png' });
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
    cleanup();
    const { events } = renderCard({ ...USER, image: 'http://x/api/auth/avatar/u1?v=a' });
    await events.click(screen.getByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(removeAvatar).toHaveBeenCalled());
  });
});
