import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a page whose code or data is still loading to show its heading. */
const WAIT_MS = 5_000;

/**
 * After a navigation inside the app, moves focus to the new page's h1, so a screen reader reads
 * where the person arrived and the keyboard starts from the top of the new content (a full page
 * load does this by itself). Not on the first render, and not when the page focused a field.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const started = Date.now();
    let frame = 0;
    const tryFocus = () => {
      const heading = document.querySelector<HTMLElement>('main h1');
      const focused = document.activeElement;
      if (
        focused instanceof HTMLElement &&
        focused.closest('main') &&
        focused.matches('input, select, textarea')
      ) {
        return;
      }
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (Date.now() - started < WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
