import type { BrowserContext, Page } from 'playwright-core';

/**
 * Chromium's virtual authenticator (DevTools protocol) in `page`: a platform authenticator that
 * holds discoverable credentials and verifies its user, standing in for the person's device.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}
