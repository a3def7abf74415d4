import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshot } from './browser.ts';
import {
  pageHeadingCount,
  seriousViolations,
  sidewaysOverflow,
  unnamedDialogCount,
} from './screen-checks.ts';

/** Widths checked in full (axe-core, screenshot); the narrowest is checked for sideways scroll only. */
export const WIDTHS = [1280, 390] as const;
export const NARROWEST = 360;

export interface Theme {
  name: string;
  /** What the app keeps in localStorage. */
  stored: 'light' | 'dark' | 'system';
  /** What the operating system prefers. */
  os: 'light' | 'dark';
}

/** The stored theme and what the operating system prefers: "system-dark" is the OS's dark. */
export const LIGHT: Theme = { name: 'light', stored: 'light', os: 'light' };
export const THEMES: readonly Theme[] = [
  LIGHT,
  { name: 'dark', stored: 'dark', os: 'light' },
  { name: 'system-dark', stored: 'system', os: 'dark' },
];

export interface Screen<Persona extends string = string> {
  persona: Persona;
  name: string;
  path: string;
  /** Brings the loaded page to the state to check (opens a dialog); resolves once that shows. */
  open?: (page: Page) => Promise<void>;
  /**
   * Checks inside this element only, e.g. the open dialog: the page under it is aria-hidden on
   * purpose then, and is a screen of its own.
   */
  within?: string;
}

/** The page has settled: a heading is shown and nothing says it is still loading. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const statuses = Array.from(document.querySelectorAll('[role="status"]'));
    const loading = statuses.some((each) => /loading/i.test(each.textContent ?? ''));
    return !loading && document.querySelector('main h1, main h2') !== null;
  });
  await page.evaluate(() => document.fonts.ready);
}

/** Finite animations (colour transitions, a dialog or toast sliding in) have ended; spinners may go on. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (each) =>
          each.playState !== 'running' || each.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/** Two frames later: a resize or a class change has been laid out and painted. */
const nextPaint = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Shows `theme` in `page` without reloading it: `helper`, another tab of the app in the same
 * browser context, stores the choice, which the app follows as it follows any other tab's
 * (lib/theme.ts); the operating system's preference is emulated.
 */
export async function showTheme(page: Page, helper: Page, theme: Theme): Promise<void> {
  await helper.evaluate((stored) => localStorage.setItem('theme', stored), theme.stored);
  await page.emulateMedia({ colorScheme: theme.os, reducedMotion: 'reduce' });
  const dark = theme.stored === 'dark' || (theme.stored === 'system' && theme.os === 'dark');
  await page.waitForFunction(
    ({ dark, stored }) =>
      document.documentElement.classList.contains(dark ? 'dark' : 'light') &&
      localStorage.getItem('theme') === stored,
    { dark, stored: theme.stored },
  );
  await nextPaint(page);
  await animationsDone(page);
}

/** Sets the viewport's width and waits for the page to be laid out at it. */
export async function showWidth(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await nextPaint(page);
}

/**
 * What is wrong with the page as it is now: sideways scroll, not exactly one h1 on the page (under
 * any dialog), an open dialog without a name, serious or critical axe-core violations (inside
 * `within` when given; only the colour rules with `rules: 'colour'`). Saves the screenshot `shot`,
 * of the viewport only with `within`.
 */
export async function checkNow(
  page: Page,
  label: string,
  { within, shot, rules = 'all' }: { within?: string; shot: string; rules?: 'all' | 'colour' },
): Promise<string[]> {
  const problems: string[] = [];
  const overflow = await sidewaysOverflow(page);
  if (overflow > 0) problems.push(`${label}: scrolls sideways by ${overflow} px`);
  const headings = await pageHeadingCount(page);
  if (headings !== 1) problems.push(`${label}: ${headings} h1 elements`);
  const unnamed = await unnamedDialogCount(page);
  if (unnamed > 0) problems.push(`${label}: ${unnamed} dialog(s) without an accessible name`);
  for (const violation of await seriousViolations(page, within, rules)) {
    problems.push(`${label}: ${violation.id} (${violation.impact}) at ${violation.targets.join(', ')}`);
  }
  // What is checked inside an element (a dialog, the toasts) shows over the viewport.
  await screenshot(page, shot, { viewport: within !== undefined });
  return problems;
}

/**
 * Checks the page in every theme. The themes differ only in colours (apps/web/src/lib/theme.ts puts
 * one class on <html>, which every colour follows), so each is checked for what it can change:
 * light in full at each width (checkNow), and for sideways scroll at the narrowest once; dark in
 * full at the widest and for the colour rules at the others; the operating system's dark must
 * resolve to dark (showTheme waits for it) and paint exactly dark's colours, element by element.
 */
export async function checkInEveryTheme(
  page: Page,
  helper: Page,
  { label, shot, within }: { label: string; shot: string; within?: string },
): Promise<string[]> {
  const problems: string[] = [];
  let darkColours: string[] | undefined;
  for (const theme of THEMES) {
    await showTheme(page, helper, theme);
    if (theme.stored === 'system') {
      await showWidth(page, WIDTHS[0]);
      const colours = await paintedColours(page, within);
      if (JSON.stringify(colours) !== JSON.stringify(darkColours))
        problems.push(`${label}: ${theme.name} paints other colours than dark`);
      continue;
    }
    for (const width of WIDTHS) {
      await showWidth(page, width);
      const full = theme === LIGHT || width === WIDTHS[0];
      problems.push(
        ...(await checkNow(page, `${label} at ${width} px, ${theme.name}`, {
          within,
          shot: `${shot}-${width}-${theme.name}`,
          rules: full ? 'all' : 'colour',
        })),
      );
      if (theme.stored === 'dark' && width === WIDTHS[0]) darkColours = await paintedColours(page, within);
    }
    if (theme === LIGHT) {
      await showWidth(page, NARROWEST);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) problems.push(`${label} at ${NARROWEST} px: scrolls sideways by ${overflow} px`);
    }
  }
  return problems;
}

/**
 * Every element's text, background and border colours (inside `within`), in document order. A
 * page's toasts are left out unless they are what is checked: one may time out between two
 * themes on a loaded machine, and they are checked in every theme on their own
 * (screens-dialogs.test.ts).
 */
function paintedColours(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = (selector ? document.querySelector(selector) : document.documentElement) ?? document.body;
    const toasts = root.closest('[data-sonner-toaster]') ? null : '[data-sonner-toaster]';
    const elements = [root, ...Array.from(root.querySelectorAll('*'))];
    return elements
      .filter((element) => !toasts || !element.closest(toasts))
      .map((element) => {
        const style = getComputedStyle(element);
        return `${style.color} ${style.backgroundColor} ${style.borderTopColor} ${style.fill}`;
      });
  }, within);
}

/** A browser context as one person, with a second tab of the app that sets the theme. */
export interface PersonTabs {
  context: BrowserContext;
  helper: Page;
}

/** Opens the helper tab of `context` (any page of the app's origin will do: /health is the lightest). */
export async function personTabs(context: BrowserContext, url: string): Promise<PersonTabs> {
  const helper = await context.newPage();
  await helper.goto(`${url}/health`);
  return { context, helper };
}

/**
 * Visits every screen and returns what is wrong with them; saves screenshots under
 * e2e/screenshots/screens. `lanes` pages work side by side (most of a visit waits on the server
 * or on Chromium's renderer); each lane has its own copy of each person's context, so the theme
 * one lane shows does not change under another.
 */
export async function sweepScreens<Persona extends string>(
  screens: Screen<Persona>[],
  options: { url: string; browser: Browser; contexts: Record<Persona, BrowserContext>; lanes?: number },
): Promise<string[]> {
  const queue = [...screens];
  const problems: string[] = [];
  const lane = async () => {
    const tabs = new Map<Persona, PersonTabs>();
    const tabsOf = async (persona: Persona) => {
      let found = tabs.get(persona);
      if (!found) {
        const storageState = await options.contexts[persona].storageState();
        found = await personTabs(await options.browser.newContext({ storageState }), options.url);
        tabs.set(persona, found);
      }
      return found;
    };
    for (let screen = queue.shift(); screen; screen = queue.shift()) {
      const label = `${screen.persona}/${screen.name}`;
      const { context, helper } = await tabsOf(screen.persona);
      await helper.evaluate((stored) => localStorage.setItem('theme', stored), LIGHT.stored);
      const page = await context.newPage();
      try {
        await page.emulateMedia({ colorScheme: LIGHT.os, reducedMotion: 'reduce' });
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(`${options.url}${screen.path}`);
        await settle(page);
        await screen.open?.(page);
        problems.push(
          ...(await checkInEveryTheme(page, helper, {
            label,
            shot: `screens/${screen.persona}-${screen.name}`,
            within: screen.within,
          })),
        );
      } catch (error) {
        problems.push(`${label}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      } finally {
        await page.close();
      }
    }
    for (const { context } of tabs.values()) await context.close();
  };
  await Promise.all(Array.from({ length: options.lanes ?? 3 }, lane));
  return problems;
}
