import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  challenged,
  PASSWORD,
  startTwoFactorServer,
  type TwoFactorServer,
} from '../features/two-factor/test-kit.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import type { EmailMessage } from './mailer.ts';

/**
 * Every flow that emails threads the language of its request to the template (language.ts); the
 * password reset, sign-up and invitation are covered elsewhere (apps/server/src/email-language.test.ts,
 * features/organization/invitations.test.ts).
 */
const german = { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } };
const french = { headers: { 'accept-language': 'fr' } };
const languageOf = (message: EmailMessage) => /<html lang="(\w+)">/.exec(message.html)?.[1];

describe('the language of account emails', () => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      mailer,
      user: { changeEmail: { enabled: true }, deleteUser: { enabled: true, sendVerificationEmail: true } },
    });
  });
  afterAll(() => server.close());

  let n = 0;
  const signedUp = async () => {
    const client = server.client();
    const email = `language${++n}@example.com`;
    await client.signUp(email, PASSWORD);
    return { client, email };
  };

  it('a verification email asked for again is in that request’s language', async () => {
    const { client, email } = await signedUp();
    expect((await client.post('/send-verification-email', { email }, german)).status).toBe(200);
    const message = mailer.last(email, 'verification');
    expect(languageOf(message)).toBe('de');
    expect(message.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
  });

  it('an email change is confirmed in the asking request’s language, and the next step in the link’s', async () => {
    const { client, email } = await signedUp();
    await client.post('/send-verification-email', { email });
    await client.get(mailer.lastPath(email));
    const newEmail = `new-${email}`;
    expect((await client.post('/change-email', { newEmail }, french)).status).toBe(200);
    const confirmation = mailer.last(email, 'email-change');
    expect(languageOf(confirmation)).toBe('fr');
    expect(confirmation.text).toContain(`par ${newEmail}.`);

    // Opening the link is a request of its own: its Accept-Language writes the next message.
    await client.get(mailer.lastPath(email, 'email-change'), german);
    const verification = mailer.last(newEmail, 'verification');
    expect(languageOf(verification)).toBe('de');
  });

  it('an account deletion is confirmed in that request’s language', async () => {
    const { client, email } = await signedUp();
    const response = await client.post('/delete-user', { password: PASSWORD }, french);
    expect(await response.json()).toEqual({ success: true, message: 'Verification email sent' });
    const message = mailer.last(email, 'account-deletion');
    expect(languageOf(message)).toBe('fr');
    expect(message.subject).toBe('Confirmez la suppression de votre compte');
  });
});

describe('the language of an emailed sign-in code', () => {
  let server: TwoFactorServer;
  beforeAll(async () => {
    server = await startTwoFactorServer('sqlite');
  });
  afterAll(() => server.close());

  it('is the language of the request that asked for the code', async () => {
    const email = 'code-language@example.com';
    const owner = server.client();
    await owner.signUp(email, PASSWORD);
    expect((await owner.post('/two-factor/enable', { password: PASSWORD, method: 'otp' })).status).toBe(200);
    const { client } = await challenged(server, email);
    expect(await (await client.post('/two-factor/send-otp', {}, german)).json()).toEqual({ status: true });
    const message = server.mailer.last(email, 'two-factor-code');
    expect(languageOf(message)).toBe('de');
    expect(message.text).toContain(`Ihr Code lautet ${message.code ?? ''}.`);
  });
});
