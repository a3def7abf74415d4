import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser bundle, injected into each page as it is (nothing loads from the network). */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * The axe-core rules whose outcome depends on colours: all a theme changes, since the themes differ
 * only by the `dark` class and the colour variables it selects (apps/web/src/lib/theme.ts).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Serious and critical axe-core violations on the page as it is now, WCAG 2.x A and AA rules, or
 * only the colour rules with `rules: 'colour'`. `within` narrows the check to one element, e.g. an
 * open modal menu: the page behind it is aria-hidden on purpose then, and still holds focusable
 * elements axe would report.
 */
export async function seriousViolations(
  page: Page,
  within?: string,
  rules: 'all' | 'colour' = 'all',
): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, which the page's Content-Security-Policy does not
  // govern; a `<script>` tag with the source inline would be refused like any injected script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly =
    rules === 'colour'
      ? { type: 'rule', values: COLOUR_RULES }
      : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };
  return page.evaluate(
    async ({ selector, runOnly }) => {
      const axe = (window as unknown as { axe: AxeRunner }).axe;
      const context = selector ? document.querySelector(selector) : document;
      if (!context) throw new Error(`nothing matches ${selector}`);
      const result = await axe.run(context, { runOnly, resultTypes: ['violations'] });
      return result.violations
        .filter((each) => each.impact === 'serious' || each.impact === 'critical')
        .map((each) => ({
          id: each.id,
          impact: each.impact,
          help: each.help,
          targets: each.nodes.map((node) => node.target.join(' ')),
        }));
    },
    { selector: within, runOnly },
  );
}

interface AxeRunner {
  run(
    context: Document | Element,
    options: object,
  ): Promise<{
    violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
  }>;
}

/** How far the page scrolls sideways: 0 when everything fits the viewport's width. */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scroller.scrollWidth - window.innerWidth);
  });
}

/** The page's h1 elements, leaving out those inside an open dialog (the page under it is counted). */
export function pageHeadingCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Array.from(document.querySelectorAll('h1')).filter(
        (each) => !each.closest('[role="dialog"], [role="alertdialog"]'),
      ).length,
  );
}

/** How many open dialogs have no accessible name (a screen reader would announce just "dialog"). */
export async function unnamedDialogCount(page: Page): Promise<number> {
  let unnamed = 0;
  for (const role of ['dialog', 'alertdialog'] as const) {
    const all = await page.getByRole(role).count();
    const named = await page.getByRole(role, { name: /\S/ }).count();
    unnamed += all - named;
  }
  return unnamed;
}
