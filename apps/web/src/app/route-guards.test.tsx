// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { RequireGuest } from './route-guards.tsx';

// The session is given here: the test is about what the guard does with it.
const session = vi.hoisted(() => ({ token: 'tok-ada' as string | null }));
vi.mock('@gatehouse/client/react', () => ({
  useSession: () => ({
    data: session.token ? { session: { token: session.token }, user: {} } : null,
    isPending: false,
  }),
}));

afterEach(cleanup);

function renderAt(state: unknown) {
  const router = createMemoryRouter(
    [
      { element: <RequireGuest />, children: [{ path: '/sign-in', element: <p>sign-in page</p> }] },
      { path: '/account', element: <p>account page</p> },
    ],
    { initialEntries: [{ pathname: '/sign-in', state }] },
  );
  render(<RouterProvider router={router} />);
}

it('takes a signed-in person from sign-in to the account', () => {
  session.token = 'tok-ada';
  renderAt(null);
  expect(screen.getByText('account page')).toBeTruthy();
});

it('lets the account switcher open sign-in from the active session, to add another person', () => {
  session.token = 'tok-ada';
  renderAt({ addingFrom: 'tok-ada' });
  expect(screen.getByText('sign-in page')).toBeTruthy();
});

it('moves on once another session is active, as after the added person signed in', () => {
  session.token = 'tok-grace';
  renderAt({ addingFrom: 'tok-ada' });
  expect(screen.getByText('account page')).toBeTruthy();
});
