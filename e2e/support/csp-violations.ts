import type { BrowserContext } from 'playwright-core';

/** How a page of a watched context reports a violation on its console. */
const PREFIX = 'Content-Security-Policy violation:';

/**
 * Adds to `into` every Content-Security-Policy violation a page of `context` meets: each page
 * listens for `securitypolicyviolation` from its first script on (an init script, which the
 * policy does not govern) and tells its console, which the context hears.
 */
export async function watchCspViolations(context: BrowserContext, into: string[]): Promise<void> {
  await context.addInitScript((prefix: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${prefix} ${event.effectiveDirective} blocked ${event.blockedURI} at ${location.pathname}`,
      );
    });
  }, PREFIX);
  context.on('console', (message) => {
    if (message.text().startsWith(PREFIX)) into.push(message.text());
  });
}
