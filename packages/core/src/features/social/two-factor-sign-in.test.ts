import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { testDialects } from '../../testing/test-database.ts';
import { locationOf, type SocialServer, socialSignIn, startSocialServer } from './social-test-kit.ts';

// The sign-in gate on the redirect flow (features/two-factor/README.md): 1.7 never challenges
// social sign-ins; Gatehouse sends the browser to the challenge page instead of the destination.
describe.each(testDialects())('social sign-in of a user with two-factor on (%s)', (dialect) => {
  let social: SocialServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    social = await startSocialServer(dialect, { mailer, twoFactor: { enabled: true } });
  });
  afterAll(() => social.close());

  it('lands on the challenge page with the destination, holding the challenge and no session', async () => {
    const first = social.server.client();
    await socialSignIn(first, 'alice');
    // A social-only account turns emailed codes on from its fresh session (no password: D7).
    expect(await (await first.post('/two-factor/enable', { method: 'otp' })).json()).toEqual({
      method: 'otp',
    });

    const browser = social.server.client();
    const response = await socialSignIn(browser, 'alice', { callbackURL: '/dashboard' });
    expect(response.status).toBe(302);
    expect(locationOf(response)).toBe(`${social.server.url}/sign-in/two-factor?callbackURL=%2Fdashboard`);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('better-auth.two_factor=2fa-'))).toBe(true);
    expect(cookies.some((c) => /^better-auth\.session_token=[^;]+; Max-Age=[1-9]/.test(c))).toBe(false);
    expect(await (await browser.get('/get-session')).json()).toBeNull();

    await browser.post('/two-factor/send-otp', {});
    const code = mailer.last('alice@example.test', 'two-factor-code').code;
    const verify = await browser.post('/two-factor/verify-otp', { code });
    expect(verify.status).toBe(200);
    const session = await (await browser.get('/get-session')).json();
    expect(session.user).toMatchObject({ email: 'alice@example.test', twoFactorEnabled: true });
  });
});
