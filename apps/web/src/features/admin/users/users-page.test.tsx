// @vitest-environment happy-dom
import type { AdminUser } from '@gatehouse/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authClient } from '../../../lib/auth-client.ts';
import type { ListUsersQuery } from '../api/users-queries.ts';
import { UsersPage } from './users-page.tsx';

// The HTTP client is mocked because what is under test is the query the page builds from what the
// admin does (search, sort, filter, paging); the server's answer to each query is tested server-side.
vi.mock('../../../lib/auth-client.ts', () => ({ authClient: { adminListUsers: vi.fn() } }));

const listUsers = vi.mocked(authClient.adminListUsers);
const TOTAL = 45;

function makeUser(index: number): AdminUser {
  return {
    id: `user-${index}`,
    name: `Person ${index}`,
    email: `person${index}@example.com`,
    emailVerified: index % 2 === 0,
    image: null,
    createdAt: '2026-01-02T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    role: index === 0 ? 'admin' : 'user',
    banned: index === 3,
    banReason: index === 3 ? 'Spam' : null,
    banExpires: null,
  };
}

/** The queries sent so far, without the abort signal. */
const queries = () => listUsers.mock.calls.map(([query]) => query);
const lastQuery = () => queries().at(-1);

function renderPage() {
  const router = createMemoryRouter([{ path: '/admin/users', element: <UsersPage /> }], {
    initialEntries: ['/admin/users'],
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

// Searches wait for typing to pause; on a loaded machine the answer can take longer than the
// library's default 1 s wait, so these waits are longer (they end as soon as the text shows).
configure({ asyncUtilTimeout: 10_000 });

describe('UsersPage', () => {
  beforeEach(() => {
    listUsers.mockReset();
    listUsers.mockImplementation(async (query: ListUsersQuery) => {
      const offset = query.offset ?? 0;
      const count = Math.max(0, Math.min(query.limit ?? 100, TOTAL - offset));
      return { users: Array.from({ length: count }, (_, i) => makeUser(offset + i)), total: TOTAL };
    });
  });
  afterEach(cleanup);

  it('asks for the first page of 20, newest first, and shows the range', async () => {
    renderPage();
    expect(await screen.findByText('1–20 of 45')).toBeTruthy();
    expect(queries()).toEqual([{ limit: 20, offset: 0, sortBy: 'createdAt', sortDirection: 'desc' }]);
    // Table and phone cards both hold each user; CSS shows one of them.
    expect(screen.getAllByRole('link', { name: 'Person 0' })).toHaveLength(2);
  });

  it('searches once typing pauses, by email or by name', async () => {
    const { user, router } = renderPage();
    await screen.findByText('1–20 of 45');

    // Keys typed without pauses between them (delay: null), as a person types faster than the
    // debounce: a loaded machine must not turn each key into a pause of its own.
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Search'), 'ada');
    await waitFor(() => expect(lastQuery()).toMatchObject({ searchValue: 'ada' }));
    expect(lastQuery()).toEqual({
      limit: 20,
      offset: 0,
      sortBy: 'createdAt',
      sortDirection: 'desc',
      searchValue: 'ada',
      searchField: 'email',
      searchOperator: 'contains',
    });
    // Debounced: no request for the letters on the way.
    expect(queries().some((query) => query.searchValue === 'a' || query.searchValue === 'ad')).toBe(false);
    expect(router.state.location.search).toBe('?q=ada');

    await user.selectOptions(screen.getByLabelText('Search by'), 'Name');
    await waitFor(() => expect(lastQuery()).toMatchObject({ searchValue: 'ada', searchField: 'name' }));
  });

  it('sorts by the clicked column header, flipping the direction on a second click', async () => {
    const { user } = renderPage();
    await screen.findByText('1–20 of 45');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'name', sortDirection: 'asc' }));
    const header = screen.getByRole('button', { name: /^Name/ }).closest('th');
    expect(header?.getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'name', sortDirection: 'desc' }));

    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sortBy: 'email', sortDirection: 'asc' }));
  });

  it('pages with Next and Previous, and a new filter starts again at the first page', async () => {
    const { user } = renderPage();
    await screen.findByText('1–20 of 45');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('21–40 of 45')).toBeTruthy();
    expect(lastQuery()).toMatchObject({ limit: 20, offset: 20 });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('41–45 of 45')).toBeTruthy();
    expect(lastQuery()).toMatchObject({ offset: 40 });
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('21–40 of 45')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Show'), 'Banned');
    await waitFor(() =>
      expect(lastQuery()).toEqual({
        limit: 20,
        offset: 0,
        sortBy: 'createdAt',
        sortDirection: 'desc',
        filterField: 'banned',
        filterValue: 'true',
        filterOperator: 'eq',
      }),
    );
  });

  it('describes the rows on screen while the next page loads', async () => {
    const { user } = renderPage();
    await screen.findByText('1–20 of 45');
    let answer: (value: Awaited<ReturnType<typeof authClient.adminListUsers>>) => void = () => {};
    listUsers.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ offset: 20 }));
    // The first page is still shown (dimmed), and the label still says so.
    expect(screen.getByText('1–20 of 45')).toBeTruthy();

    answer({ users: [makeUser(20)], total: 45 });
    expect(await screen.findByText('21–21 of 45')).toBeTruthy();
  });

  it('says so when nothing matches, and clears search and filter', async () => {
    const { user } = renderPage();
    await screen.findByText('1–20 of 45');
    listUsers.mockImplementation(async (query: ListUsersQuery) =>
      query.searchValue ? { users: [], total: 0 } : { users: [makeUser(0)], total: 1 },
    );

    await user.type(screen.getByLabelText('Search'), 'nobody');
    expect(await screen.findByText('No users match')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(await screen.findByText('1–1 of 1')).toBeTruthy();
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(lastQuery()?.searchValue).toBeUndefined();
  });
});
