import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

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
