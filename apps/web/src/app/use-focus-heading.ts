import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { TAB_CONTENT_ATTRIBUTE, TAB_HEADING_ATTRIBUTE } from '../components/tab-nav.tsx';

/** How long to wait for a page whose code or data is still loading to show its heading. */
export const FOCUS_WAIT_MS = 5_000;

const tabNavigation = (state: unknown) =>
  typeof state === 'object' && state !== null && 'focusTabContent' in state && state.focusTabContent === true;

/**
 * After a navigation inside the app, moves focus to the heading of what is new, so a screen reader
 * reads where the person arrived and the keyboard starts from the top of the new content (a full
 * page load does this by itself):
 * - to a new page, its h1;
 * - to another tab of the same area (the link says so, components/tab-nav.tsx), the heading of the
 *   tab's content (the one marked as naming it, else its first): the area's h1 has not changed,
 *   and reading it again would not say which tab opened. Without such a heading in time, the h1.
 * Not on the first render, and not when the page focused a field.
 */
export function useFocusHeadingOnNavigate(): void {
  const { pathname, state } = useLocation();
  const shown = useRef(pathname);
  const toTab = tabNavigation(state);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const started = Date.now();
    let frame = 0;
    const target = (): HTMLElement | null => {
      const pageHeading = document.querySelector<HTMLElement>('main h1');
      if (!toTab) return pageHeading;
      const content = document.querySelector(`main [${TAB_CONTENT_ATTRIBUTE}]`);
      const contentHeading =
        content?.querySelector<HTMLElement>(`[${TAB_HEADING_ATTRIBUTE}]`) ??
        content?.querySelector<HTMLElement>('h1, h2, h3') ??
        null;
      if (contentHeading || !content) return contentHeading ?? pageHeading;
      return Date.now() - started < FOCUS_WAIT_MS ? null : pageHeading;
    };
    const tryFocus = () => {
      const focused = document.activeElement;
      if (
        focused instanceof HTMLElement &&
        focused.closest('main') &&
        focused.matches('input, select, textarea')
      ) {
        return;
      }
      const heading = target();
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      if (Date.now() - started < FOCUS_WAIT_MS) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname, toTab]);
}
