import { useSyncExternalStore } from 'react';

export type Theme = 'system' | 'light' | 'dark';
export const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

const STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedTheme(): Theme {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    // Storage can be refused (privacy settings): the system's choice is the safe default.
    return 'system';
  }
}

const listeners = new Set<() => void>();
let current: Theme = 'system';

/**
 * Puts `dark` (or `light`) on <html> for the theme as it resolves now. "System" is resolved here
 * from the operating system's preference, so Tailwind's `dark:` variant (a class variant, see
 * index.css) and the colour variables always agree, whichever way the theme was chosen.
 */
function apply(): void {
  const dark = current === 'dark' || (current === 'system' && matchMedia(DARK_QUERY).matches);
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.classList.toggle('light', !dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  for (const listener of listeners) listener();
}

/**
 * Applies the stored theme before the first render, follows the system while it is chosen, and
 * follows a theme picked in another tab of the app (the browser reports that tab's write).
 */
export function startTheme(): void {
  current = storedTheme();
  apply();
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (current === 'system') apply();
  });
  addEventListener('storage', (event) => {
    // A null key means the other tab cleared the storage: back to the default then.
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    current = storedTheme();
    apply();
  });
}

export function setTheme(theme: Theme): void {
  current = theme;
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Not kept across visits then; it still applies now.
  }
  apply();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chosen theme ("system" included) and the one in effect ("light" or "dark"). */
export function useTheme(): { theme: Theme; resolved: 'light' | 'dark' } {
  const theme = useSyncExternalStore(subscribe, () => current);
  const resolved = useSyncExternalStore(subscribe, () =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  return { theme, resolved };
}
