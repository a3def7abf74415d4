// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TAB_HEADING_ATTRIBUTE, TAB_NAVIGATION, TabContent, TabNav } from '../components/tab-nav.tsx';
import { useFocusHeadingOnNavigate } from './use-focus-heading.ts';

function Shell() {
  useFocusHeadingOnNavigate();
  return (
    <main>
      <Outlet />
    </main>
  );
}

/** A page whose heading shows only once its data has come. */
function LatePage() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Loaded late</h1> : <p>Loading…</p>;
}

/** An area with its own h1 and tabs, as the organization pages have. */
function Area() {
  return (
    <>
      <h1>Acme</h1>
      <TabNav
        label="Sections"
        tabs={[
          { to: '/area/members', label: 'Members tab' },
          { to: '/area/teams', label: 'Teams tab' },
          { to: '/area/empty', label: 'Empty tab' },
        ]}
      />
      <TabContent>
        <Outlet />
      </TabContent>
    </>
  );
}

function start(path = '/a') {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/a', element: <h1>Page A</h1> },
          { path: '/b', element: <h1>Page B</h1> },
          { path: '/late', element: <LatePage /> },
          {
            path: '/form',
            element: (
              <>
                <h1>Form</h1>
                {/* biome-ignore lint/a11y/noAutofocus: the page under test focuses its field itself. */}
                <input aria-label="Code" autoFocus />
              </>
            ),
          },
          {
            path: '/area',
            element: <Area />,
            children: [
              { path: 'members', element: <h2>Members</h2> },
              {
                path: 'teams',
                element: (
                  <>
                    <h2>New team</h2>
                    <h2 {...{ [TAB_HEADING_ATTRIBUTE]: '' }}>Teams</h2>
                  </>
                ),
              },
              { path: 'empty', element: <p>Nothing here</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const focusedText = () => document.activeElement?.textContent;

describe('useFocusHeadingOnNavigate', () => {
  afterEach(cleanup);

  it('leaves focus alone on the first page, then moves it to each new page’s h1', async () => {
    const router = start('/a');
    await screen.findByRole('heading', { name: 'Page A' });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/b'));
    await waitFor(() => expect(focusedText()).toBe('Page B'));
    // Focusable by script only: the heading does not join the Tab order.
    expect(screen.getByRole('heading', { name: 'Page B' }).getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that shows once the page has loaded', async () => {
    const router = start('/a');
    await act(() => router.navigate('/late'));
    await waitFor(() => expect(focusedText()).toBe('Loaded late'));
  });

  it('does not take focus from a field the new page focused', async () => {
    const router = start('/a');
    await act(() => router.navigate('/form'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Code' }));
  });

  it('after choosing a tab, focuses the tab’s own heading, not the area’s h1', async () => {
    const router = start('/area/members');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Members' });
    await user.click(screen.getByRole('link', { name: 'Teams tab' }));
    // The heading that names the tab, not the form's heading before it.
    await waitFor(() => expect(focusedText()).toBe('Teams'));
    expect(router.state.location.state).toEqual(TAB_NAVIGATION);
    await user.click(screen.getByRole('link', { name: 'Members tab' }));
    await waitFor(() => expect(focusedText()).toBe('Members'));
  });

  it('reaching a tab from elsewhere focuses the area’s h1, which says where one arrived', async () => {
    const router = start('/a');
    await act(() => router.navigate('/area/teams'));
    await waitFor(() => expect(focusedText()).toBe('Acme'));
  });

  it('a tab without a heading of its own falls back to the area’s h1 once the wait is over', async () => {
    const router = start('/area/members');
    await screen.findByRole('heading', { name: 'Members' });
    const realNow = Date.now;
    try {
      // The wait is measured from the navigation: move the clock past it on the next frame.
      const started = realNow();
      let calls = 0;
      Date.now = () => (calls++ > 0 ? started + 60_000 : started);
      await act(() => router.navigate('/area/empty', { state: TAB_NAVIGATION }));
      await waitFor(() => expect(focusedText()).toBe('Acme'));
    } finally {
      Date.now = realNow;
    }
  });
});
