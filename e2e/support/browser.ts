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

/** Saves a full-page screenshot for reviewers (git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(SCREENSHOTS, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path, fullPage: true });
}
