import { pngImage } from '@gatehouse/core/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

/** In the real product: the password strength meter on sign-up, then a profile picture upload. */
describe('password strength and profile picture in a browser', () => {
  let product: Product;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchChromium();
    page = await browser.newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('sign-up rates a weak then a strong password, out loud', async () => {
    await page.goto(`${product.url}/sign-up`);
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(`grace-${Date.now()}@example.com`);
    const password = page.getByLabel('Password', { exact: true });
    const meter = page.locator('[data-slot="password-strength"] [aria-live="polite"]');
    await password.fill('password1');
    await meter.getByText('Strength: weak.').waitFor();
    await screenshot(page, 'password-strength-weak');
    await password.fill('quartz lantern oyster bicycle 47');
    await meter.getByText('Strength: strong.').waitFor();
    await screenshot(page, 'password-strength-strong');
    await page.getByLabel('Confirm password').fill('quartz lantern oyster bicycle 47');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/account/);
  }, 60_000);

  it('uploads a PNG on the Profile page, and the header shows it', async () => {
    await page.goto(`${product.url}/account`);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByLabel('Upload a picture').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(pngImage(48, 48, [220, 38, 38])),
    });
    await page.getByText('Picture updated.').waitFor();
    const headerPicture = page.getByRole('button', { name: 'Account menu for Grace Hopper' }).locator('img');
    await headerPicture.waitFor();
    expect(await headerPicture.getAttribute('src')).toMatch(/\/api\/auth\/avatar\/[^/?]+\?v=/);
    // Really shown, not just linked: the browser decoded the served bytes.
    await expect.poll(() => headerPicture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await screenshot(page, 'profile-picture-uploaded');

    // Something else named .png is refused by its content, at the field.
    await page.getByLabel('Upload a picture').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await page.getByText('This file is not a PNG, JPEG or WebP picture, whatever its name says.').waitFor();

    await page.getByRole('button', { name: 'Remove picture' }).click();
    await page.getByText('Picture removed.').waitFor();
    await expect.poll(() => headerPicture.count()).toBe(0);
  }, 60_000);
});
