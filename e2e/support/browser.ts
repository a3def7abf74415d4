import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * Debian's Chromium, headless; the flags keep it from reaching for the network on its own.
 * `extraArgs` adds flags, e.g. `--host-resolver-rules` to map test host names to loopback.
 */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');

const MAX_FULL_PAGE_HEIGHT = 16_000;

/**
 * Saves a full-page screenshot for reviewers (git-ignored); `viewport` keeps to what is on screen,
 * as for an open dialog, which stays in view over the page.
 */
export async function screenshot(page: Page, name: string, { viewport = false } = {}): Promise<void> {
  const path = join(SCREENSHOTS, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  if (viewport) return void (await page.screenshot({ path }));
  // A page far taller than any screen (the API reference is about 70,000 px at phone width) is
  // shot at its top only: a full-page capture of it can outlast the screenshot time limit.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({ path, fullPage: height <= MAX_FULL_PAGE_HEIGHT });
}

const MAX_REPORTED_TEXT = 2_000;

/**
 * After a failed test, says where the page was and what it showed, and keeps a screenshot: a
 * browser test that fails only now and then (on a loaded machine, in a clean clone) can then be
 * read from the run's output instead of guessed at. Call once in a `describe`.
 */
export function reportPageOnFailure(page: () => Page | undefined): void {
  afterEach(async ({ task }) => {
    const current = page();
    if (task.result?.state !== 'fail' || !current || current.isClosed()) return;
    const text = await current
      .locator('body')
      // biome-ignore lint/performance/useDomNodeTextContent: what was shown, not hidden templates' text
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(no text: ${String(error)})`);
    console.error(
      `[${task.name}] failed at ${current.url()}; the page showed:\n${text.slice(0, MAX_REPORTED_TEXT)}`,
    );
    await screenshot(current, `failed-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}`).catch(
      () => undefined,
    );
  });
}
