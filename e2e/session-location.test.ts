import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { launchChromium, screenshot } from './support/browser.ts';
import { type Product, startProduct } from './support/product.ts';

const PERSON = {
  name: 'Ada Lovelace',
  email: 'ada-places@example.com',
  password: 'quartz lantern oyster 47',
};
/** Public addresses the packaged DB-IP database places: Google's resolver and a London block. */
const MOUNTAIN_VIEW = '8.8.8.8';
const LONDON = '81.2.69.160';

/**
 * Session locations in the real product: behind a proxy that names the client in X-Forwarded-For
 * (IP_ADDRESS_HEADERS), each session's address is placed offline (GEOIP, on by default) and the
 * Sessions page shows where, in the reader's language.
 */
describe('approximate session locations in a browser', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    product = await startProduct({ env: { IP_ADDRESS_HEADERS: 'x-forwarded-for' } });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('shows the city, region and country of each session from its forwarded address', async () => {
    // Two devices, each behind the proxy with its own public address.
    const laptop = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': MOUNTAIN_VIEW } });
    await postAs(laptop, product.url, '/sign-up/email', PERSON);
    const phone = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': LONDON } });
    await postAs(phone, product.url, '/sign-in/email', { email: PERSON.email, password: PERSON.password });
    await phone.close();

    const page = await laptop.newPage();
    await page.goto(`${product.url}/account/sessions`);
    await page.getByRole('heading', { name: 'Sessions', level: 1 }).waitFor();
    await page.getByText('Mountain View, California, United States', { exact: true }).waitFor();
    await page.getByText('London, England, United Kingdom', { exact: true }).waitFor();
    // The forwarded addresses are the ones shown, not the proxy's own (loopback here).
    await page.getByText(MOUNTAIN_VIEW, { exact: true }).waitFor();
    await page.getByText(LONDON, { exact: true }).waitFor();
    expect(await page.getByText('127.0.0.1', { exact: true }).count()).toBe(0);
    // DB-IP's licence asks for a link back.
    expect(await page.getByRole('link', { name: /DB-IP/ }).count()).toBeGreaterThan(0);
    await screenshot(page, 'session-locations-en');

    // Country names follow the reader's language.
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await page.getByText('Mountain View, California, Vereinigte Staaten', { exact: true }).waitFor();
    await page.getByText('London, England, Vereinigtes Königreich', { exact: true }).waitFor();
    await laptop.close();
  }, 90_000);
});
