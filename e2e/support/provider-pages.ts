import type { Page } from 'playwright-core';

/**
 * Goes through the test provider's pages after the product sent the browser there: its login
 * (as `login`) and its consent when it shows them (it may remember the person and show neither),
 * until the browser is back where `isBack` says.
 */
export async function passProviderPages(
  page: Page,
  login: string,
  isBack: (url: URL) => boolean,
): Promise<void> {
  const loginField = page.locator('input[name="login"]');
  const consent = page.locator('input[name="prompt"][value="consent"]');
  for (;;) {
    // Whichever shows first; the others give up quietly when the page moves on.
    const next = await Promise.race([
      page.waitForURL(isBack).then(
        () => 'back' as const,
        () => null,
      ),
      loginField.waitFor().then(
        () => 'login' as const,
        () => null,
      ),
      consent.waitFor({ state: 'attached' }).then(
        () => 'consent' as const,
        () => null,
      ),
    ]);
    if (next === 'back') return;
    if (next === 'login') {
      await loginField.fill(login);
      await page.locator('input[name="password"]').fill('anything');
      await page.getByRole('button', { name: 'Sign-in' }).click();
    } else if (next === 'consent') {
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
    }
    await page.waitForLoadState();
  }
}
