// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The operating system's preference, as matchMedia reports it, and its change listeners. */
let systemDark = false;
let onSystemChange: (() => void) | undefined;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.documentElement.className = '';
  systemDark = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return query === '(prefers-color-scheme: dark)' && systemDark;
    },
    addEventListener: (_: string, listener: () => void) => {
      onSystemChange = listener;
    },
  }));
});
afterEach(() => vi.unstubAllGlobals());

const isDark = () => document.documentElement.classList.contains('dark');

describe('theme', () => {
  it('resolves System from the operating system, so the dark: variant applies, and follows it', async () => {
    systemDark = true;
    const { startTheme } = await import('./theme.ts');
    startTheme();
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    systemDark = false;
    onSystemChange?.();
    expect(isDark()).toBe(false);
    expect(document.documentElement.classList.contains('light')).toBe(true);
  });

  it('keeps a chosen theme over the system, and remembers it', async () => {
    systemDark = true;
    const { setTheme, startTheme } = await import('./theme.ts');
    startTheme();
    setTheme('light');
    expect(isDark()).toBe(false);
    onSystemChange?.();
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
    setTheme('dark');
    expect(isDark()).toBe(true);
  });

  it('starts from the stored choice, and treats anything else stored as System', async () => {
    localStorage.setItem('theme', 'dark');
    let theme = await import('./theme.ts');
    theme.startTheme();
    expect(isDark()).toBe(true);
    vi.resetModules();
    localStorage.setItem('theme', 'purple');
    theme = await import('./theme.ts');
    theme.startTheme();
    expect(isDark()).toBe(false);
  });

  it('follows a theme picked in another tab, and ignores other keys', async () => {
    const { startTheme } = await import('./theme.ts');
    startTheme();
    expect(isDark()).toBe(false);
    // Another tab's write: the storage changed there, and this tab hears of it.
    localStorage.setItem('theme', 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: 'language', newValue: 'de' }));
    expect(isDark()).toBe(false);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'dark' }));
    expect(isDark()).toBe(true);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(isDark()).toBe(false);
  });
});
