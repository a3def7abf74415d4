// @vitest-environment happy-dom
import type { AdminUser } from '@gatehouse/client';
import { SessionProvider } from '@gatehouse/client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, signedOutSessionClient } from '../testing/fixtures.ts';
import { UserHeader } from './user-header.tsx';

// Nothing is sent: the header only shows the user the page loaded.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: {} }));

function renderHeader(user: AdminUser) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SessionProvider client={signedOutSessionClient}>
        <UserHeader user={user} isSelf={false} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('the admin user page’s header', () => {
  afterEach(cleanup);

  it('names the user and shows their username as they typed it', () => {
    renderHeader(adminUser({ username: 'ada.l', displayUsername: 'Ada.L' } as Partial<AdminUser>));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ada Lovelace');
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Username: Ada.L')).toBeTruthy();
  });

  it('shows the stored username without a display form, and no username line without one', () => {
    renderHeader(adminUser({ username: 'ada.l' } as Partial<AdminUser>));
    expect(screen.getByText('Username: ada.l')).toBeTruthy();
    cleanup();
    renderHeader(adminUser());
    expect(screen.queryByText(/^Username:/)).toBeNull();
  });
});
