import { useEffect, useState } from 'react';

type Theme = 'system' | 'light' | 'dark';
const NEXT: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };

/** Cycles system → light → dark; the choice is kept in this browser. */
export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(
    () => (localStorage.getItem('theme') as Theme | null) ?? 'system',
  );
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', theme === 'dark');
    root.classList.toggle('light', theme === 'light');
    localStorage.setItem('theme', theme);
  }, [theme]);
  return (
    <button
      type="button"
      onClick={() => setTheme(NEXT[theme])}
      className="rounded-md px-2 py-1 text-sm text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      aria-label={`Theme: ${theme}. Change theme`}
    >
      {theme === 'dark' ? '☾ Dark' : theme === 'light' ? '☀ Light' : '◐ System'}
    </button>
  );
}
