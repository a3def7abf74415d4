import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { present } from '../testing/present.ts';
import { type CreationOptionsJSON, SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import { testDialects } from '../testing/test-database.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { totpCode, totpStep } from '../testing/totp-codes.ts';

const PASSWORD = 'correct horse battery';
let counter = 0;
const freshEmail = () => `notice-${++counter}-${Date.now()}@example.com`;

// A passkey added or two-factor turned off is told to the owner, as a password
// change is, in the language of the request.
describe.each(testDialects())('notices of a passkey added and of two-factor turned off (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      appName: 'Gatehouse Test',
      mailer,
      passkey: {},
      twoFactor: { enabled: true },
      signInAlerts: { enabled: true, activityURL: 'https://app.example.test/account/activity' },
    });
  });
  afterAll(() => server.close());

  const notices = (to: string) => mailer.sent.filter((m) => m.to === to && m.kind === 'security-notice');

  it('a passkey added: the owner hears of it, with the activity link and no secret', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    const options = (await (
      await client.get('/passkey/generate-register-options')
    ).json()) as CreationOptionsJSON;
    const response = await new SoftwareAuthenticator().register(options, { origin: server.url });
    const registered = await client.post('/passkey/verify-registration', { response });
    expect(registered.status).toBe(200);
    const { credentialID } = (await registered.json()) as { credentialID: string };
    await expect.poll(() => notices(email).length).toBe(1);
    const [notice] = notices(email);
    expect(notice?.subject).toBe('A passkey was added to your account');
    expect(notice?.text).toContain('A new passkey was added to your account');
    expect(notice?.link).toBe('https://app.example.test/account/activity');
    expect(notice?.text).not.toContain(credentialID);
  });

  it('a refused registration sends nothing', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    await client.get('/passkey/generate-register-options');
    expect((await client.post('/passkey/verify-registration', { response: { id: 'x' } })).status).toBe(400);
    expect(notices(email)).toEqual([]);
  });

  it('two-factor turned off: the owner hears of it in the language of the request', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    const enabled = (await (await client.post('/two-factor/enable', { password: PASSWORD })).json()) as {
      totpURI: string;
    };
    const secret = present(new URL(enabled.totpURI).searchParams.get('secret'));
    const code = totpCode(secret, totpStep(server.clock.now()));
    expect((await client.post('/two-factor/verify-totp', { code })).status).toBe(200);
    // Turning it on is no loss of protection: no notice.
    expect(notices(email)).toEqual([]);
    const german = { headers: { 'accept-language': 'de-DE,de;q=0.9' } };
    expect((await client.post('/two-factor/disable', { password: PASSWORD }, german)).status).toBe(200);
    await expect.poll(() => notices(email).length).toBe(1);
    const [notice] = notices(email);
    expect(notice?.subject).toBe('Die Zwei-Faktor-Anmeldung wurde ausgeschaltet');
    expect(notice?.text).toContain('Bei der Anmeldung wird kein zweiter Faktor mehr verlangt.');
    expect(notice?.html).toContain('<html lang="de">');
  });

  it('a wrong password turns nothing off and sends nothing', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    await client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
    expect((await client.post('/two-factor/disable', { password: 'wrong password here' })).status).toBe(400);
    expect(notices(email)).toEqual([]);
  });
});
