import { totpCode, totpStep } from '@gatehouse/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { browser, mailTo, type Product, startProduct } from './testing/mail-product.ts';

/**
 * Sign-in alerts and change notices (docs/email.md#sign-in-alerts) through the real SMTP path: the
 * product server with SMTP_URL pointing at a test SMTP server.
 */
const PASSWORD = 'correct horse battery staple';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ALERT = 'New sign-in to your account';
const APP = 'http://127.0.0.1:1';

let counter = 0;
const freshEmail = () => `alerts-${++counter}-${Date.now()}@example.com`;

const alertsTo = (product: Product, address: string) =>
  product.smtp.messages.filter((m) => m.to.includes(address) && m.subject === ALERT);

describe('SIGN_IN_ALERTS=on (the default)', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({ APP_URL: APP });
  });
  afterAll(() => product.close());

  it('alerts on a new browser, not on sign-up nor on a known one, with the facts and no secret', async () => {
    const email = freshEmail();
    const home = browser(product, FIREFOX_LINUX);
    expect((await home.call('/sign-up/email', { email, password: PASSWORD, name: 'Alma' })).status).toBe(200);
    const again = await browser(product, FIREFOX_LINUX).call('/sign-in/email', { email, password: PASSWORD });
    expect(again.status).toBe(200);
    const away = await browser(product, CHROME_WINDOWS).call('/sign-in/email', { email, password: PASSWORD });
    expect(away.status).toBe(200);
    const { token } = (await away.json()) as { token: string };

    const alert = await mailTo(product, email, ALERT);
    expect(alert.text).toContain('Hello Alma,');
    expect(alert.text).toContain('Browser: Chrome on Windows');
    expect(alert.text).toContain('IP address: 127.0.0.1');
    expect(alert.text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    // GEOIP=off: no location line.
    expect(alert.text).not.toContain('Approximate location');
    expect(alert.links).toEqual([`${APP}/account/activity`]);
    expect(alert.text).not.toContain(token);
    expect(alert.html).not.toContain(token);
    // The Chrome sign-in a second time is known now.
    await browser(product, CHROME_WINDOWS).call('/sign-in/email', { email, password: PASSWORD });
    // A later message to the same address shows every earlier one was sent (or never would be).
    expect((await home.call('/request-password-reset', { email })).status).toBe(200);
    await mailTo(product, email, 'Reset your password');
    expect(alertsTo(product, email)).toHaveLength(1);
  });

  it('a second factor: the alert comes once the sign-in completes, after the code', async () => {
    // Enrolled with an authenticator app; the sign-in then uses an emailed code (it arrives by SMTP).
    const email = freshEmail();
    const home = browser(product, FIREFOX_LINUX);
    await home.call('/sign-up/email', { email, password: PASSWORD, name: 'Tove' });
    const enabled = (await (await home.call('/two-factor/enable', { password: PASSWORD })).json()) as {
      totpURI: string;
    };
    const secret = new URL(enabled.totpURI).searchParams.get('secret') ?? '';
    const code = totpCode(secret, totpStep(Date.now()));
    expect((await home.call('/two-factor/verify-totp', { code })).status).toBe(200);
    const away = browser(product, CHROME_WINDOWS);
    const first = (await (await away.call('/sign-in/email', { email, password: PASSWORD })).json()) as {
      twoFactorRedirect?: boolean;
    };
    expect(first.twoFactorRedirect).toBe(true);
    expect(alertsTo(product, email)).toHaveLength(0);
    expect((await away.call('/two-factor/send-otp', {})).status).toBe(200);
    const emailed = (await mailTo(product, email, 'Your sign-in code')).text.match(/code is (\w+)/)?.[1];
    expect((await away.call('/two-factor/verify-otp', { code: emailed })).status).toBe(200);
    expect((await mailTo(product, email, ALERT)).text).toContain('Browser: Chrome on Windows');
  });

  it('tells the account of password changes and resets, and the old address of an email change', async () => {
    const email = freshEmail();
    const home = browser(product, FIREFOX_LINUX);
    await home.call('/sign-up/email', { email, password: PASSWORD, name: 'Pia' });
    const changed = await home.call('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another fine passphrase',
    });
    expect(changed.status).toBe(200);
    const notice = await mailTo(product, email, 'Your password was changed');
    expect(notice.text).toContain('Browser: Firefox on Linux');
    expect(notice.links).toEqual([`${APP}/account/activity`]);

    // The address change comes before the reset: a reset proves the address, and a verified
    // account's change is confirmed from the old address first (docs/protocol/core.md).
    const newEmail = freshEmail();
    expect((await home.call('/change-email', { newEmail })).status).toBe(200);
    const verify = (await mailTo(product, newEmail, 'Verify your email address')).links[0] ?? '';
    expect((await home.open(verify)).status).toBeLessThan(400);
    const moved = await mailTo(product, email, 'Your email address was changed');
    expect(moved.text).toContain(`changed to ${newEmail}`);

    await home.call('/request-password-reset', { email: newEmail });
    const resetLink = (await mailTo(product, newEmail, 'Reset your password')).links[0] ?? '';
    const landed = await home.open(resetLink);
    const token = new URL(landed.headers.get('location') ?? '', product.baseURL).searchParams.get('token');
    expect(
      (await home.call('/reset-password', { token, newPassword: 'a third fine passphrase' })).status,
    ).toBe(200);
    const reset = await mailTo(product, newEmail, 'Your password was reset');
    expect(reset.text).not.toContain(token ?? 'no token');
  });
});

describe('SIGN_IN_ALERTS=off', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct({ SIGN_IN_ALERTS: 'off' });
  });
  afterAll(() => product.close());

  it('sends no alert for a new browser and no notice for a password change', async () => {
    const email = freshEmail();
    const home = browser(product, FIREFOX_LINUX);
    await home.call('/sign-up/email', { email, password: PASSWORD, name: 'Oda' });
    expect(
      (await browser(product, CHROME_WINDOWS).call('/sign-in/email', { email, password: PASSWORD })).status,
    ).toBe(200);
    await home.call('/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another fine passphrase',
    });
    expect((await home.call('/request-password-reset', { email })).status).toBe(200);
    await mailTo(product, email, 'Reset your password');
    const notices = product.smtp.messages.filter(
      (m) => m.to.includes(email) && (m.subject === ALERT || m.subject === 'Your password was changed'),
    );
    expect(notices).toEqual([]);
  });

  it('the setting takes on and off only', () => {
    expect(() => loadConfig({ SIGN_IN_ALERTS: 'maybe' })).toThrow(
      "SIGN_IN_ALERTS: expected 'on' or 'off', got 'maybe'",
    );
    expect(loadConfig({}).signInAlerts).toBe(true);
    expect(loadConfig({ SIGN_IN_ALERTS: 'off' }).signInAlerts).toBe(false);
  });
});
