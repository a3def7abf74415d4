// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths.ts';
import { setLanguage } from '../i18n/language.ts';
import { renderRoutes } from '../testing/render-routes.tsx';
import { withShell } from './shell-routes.tsx';

let failures = 0;

/** Throws while rendering as long as `failures` says so. */
function Fragile() {
  if (failures > 0) {
    failures -= 1;
    throw new Error('render failed');
  }
  return <h1>Fragile page</h1>;
}

function pages() {
  return withShell([
    { path: paths.home, element: <h1>Start page</h1> },
    { path: '/fragile', element: <Fragile /> },
  ]);
}

describe('a page that throws while rendering', () => {
  beforeEach(() => {
    // React and the router report the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    setLanguage('en');
    vi.restoreAllMocks();
  });

  it('shows the error page inside the layout, with a link home', async () => {
    failures = Number.POSITIVE_INFINITY;
    const { user, router } = renderRoutes(pages(), '/fragile', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeDefined();
    expect(
      screen.getByText('This page could not be shown. Try again, or go to the start page.'),
    ).toBeDefined();
    // The layout stays: its header and footer navigation are still there.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeDefined();
    await user.click(screen.getByRole('link', { name: 'Go to the start page' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Start page' })).toBeDefined();
    expect(router.state.location.pathname).toBe(paths.home);
  });

  it('renders the page afresh on "Try again"', async () => {
    // Twice: React renders a failed component once more before giving up on it.
    failures = 2;
    const { user, router } = renderRoutes(pages(), '/fragile', null);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fragile page' })).toBeDefined();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(router.state.location.pathname).toBe('/fragile');
  });

  it('speaks German and French', async () => {
    failures = Number.POSITIVE_INFINITY;
    setLanguage('de');
    renderRoutes(pages(), '/fragile', null);
    expect(await screen.findByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeDefined();
    cleanup();
    setLanguage('fr');
    renderRoutes(pages(), '/fragile', null);
    expect(await screen.findByRole('heading', { name: 'Une erreur est survenue' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Aller à la page d’accueil' })).toBeDefined();
  });
});
