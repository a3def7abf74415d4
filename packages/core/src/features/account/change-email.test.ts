import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestServer } from '../../testing/test-server.ts';

describe.each(testDialects())('POST /change-email (%s)', (dialect) => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { mailer, user: { changeEmail: { enabled: true } } });
  });
  afterAll(() => server.close());

  let n = 0;
  const signedUp = async (verified: boolean) => {
    const client = server.client();
    const email = `change${++n}@example.com`;
    await client.signUp(email);
    if (verified) {
      await client.post('/send-verification-email', { email });
      await client.get(mailer.lastPath(email));
    }
    return { client, email };
  };
  const me = async (client: ReturnType<TestServer['client']>) =>
    (await (await client.get('/get-session?disableCookieCache=true')).json()).user;

  it('a verified user confirms from the current address, then verifies the new one', async () => {
    const { client, email } = await signedUp(true);
    const newEmail = `new-${email}`;
    expect(await (await client.post('/change-email', { newEmail, callbackURL: '/account' })).json()).toEqual({
      status: true,
    });
    const confirmation = mailer.last(email, 'email-change');
    expect(confirmation.text).toContain(newEmail);
    expect(mailer.count(newEmail)).toBe(0);

    const confirmed = await client.get(mailer.lastPath(email, 'email-change'));
    expect(confirmed.headers.get('location')).toBe('/account');
    expect((await me(client)).email).toBe(email);

    await client.get(mailer.lastPath(newEmail, 'verification'));
    const user = await me(client);
    expect(user).toMatchObject({ email: newEmail, emailVerified: true });
    // The cookie cache was re-issued with the new address.
    expect((await (await client.get('/get-session')).json()).user.email).toBe(newEmail);
    // The old confirmation link is spent: its address no longer matches.
    const reused = await client.get(mailer.lastPath(email, 'email-change').replace(/&callbackURL=[^&]*/, ''));
    expect((await errorOf(reused)).code).toBe('INVALID_TOKEN');
  });

  it('an unverified user verifies the new address directly', async () => {
    const { client, email } = await signedUp(false);
    const newEmail = `direct-${email}`;
    await client.post('/change-email', { newEmail });
    expect(mailer.count(email)).toBe(0);
    await client.get(mailer.lastPath(newEmail, 'verification'));
    expect(await me(client)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it('a taken address gets the same answer and nothing is sent', async () => {
    const { client, email } = await signedUp(true);
    const { email: taken } = await signedUp(false);
    const before = mailer.sent.length;
    expect(await (await client.post('/change-email', { newEmail: taken.toUpperCase() })).json()).toEqual({
      status: true,
    });
    expect(mailer.sent.length).toBe(before);
    expect((await me(client)).email).toBe(email);
  });

  it('answers 400 EMAIL_IS_THE_SAME for the current address, whatever its case', async () => {
    const { client, email } = await signedUp(false);
    expect(await errorOf(await client.post('/change-email', { newEmail: email.toUpperCase() }))).toEqual({
      status: 400,
      code: 'EMAIL_IS_THE_SAME',
      message: 'Email is the same',
    });
  });

  it('another signed-in user cannot use someone else’s link (401 INVALID_USER)', async () => {
    const { client, email } = await signedUp(false);
    await client.post('/change-email', { newEmail: `stolen-${email}` });
    const { client: intruder } = await signedUp(false);
    const response = await intruder.get(
      mailer.lastPath(`stolen-${email}`, 'verification').replace(/&callbackURL=[^&]*/, ''),
    );
    expect(await errorOf(response)).toEqual({ status: 401, code: 'INVALID_USER', message: 'Invalid user' });
  });

  it('refuses bad input, an untrusted callback and anonymous callers', async () => {
    const { client } = await signedUp(false);
    expect((await errorOf(await client.post('/change-email', { newEmail: 'nope' }))).code).toBe(
      'VALIDATION_ERROR',
    );
    expect(
      (
        await errorOf(
          await client.post('/change-email', {
            newEmail: 'x@example.com',
            callbackURL: 'https://evil.example',
          }),
        )
      ).code,
    ).toBe('INVALID_CALLBACK_URL');
    expect((await server.client().post('/change-email', { newEmail: 'x@example.com' })).status).toBe(401);
  });
});

describe('change-email switches', () => {
  it('answers 400 CHANGE_EMAIL_DISABLED when turned off', async () => {
    const server = await startTestServer('sqlite', { mailer: new CaptureMailer() });
    const client = server.client();
    await client.signUp('off@example.com');
    expect(await errorOf(await client.post('/change-email', { newEmail: 'on@example.com' }))).toEqual({
      status: 400,
      code: 'CHANGE_EMAIL_DISABLED',
      message: 'Change email is disabled',
    });
    await server.close();
  });

  it('answers 400 VERIFICATION_EMAIL_NOT_ENABLED without a mailer', async () => {
    const server = await startTestServer('sqlite', { user: { changeEmail: { enabled: true } } });
    const client = server.client();
    await client.signUp('nomail@example.com');
    expect((await errorOf(await client.post('/change-email', { newEmail: 'other@example.com' }))).code).toBe(
      'VERIFICATION_EMAIL_NOT_ENABLED',
    );
    await server.close();
  });

  it('updateEmailWithoutVerification changes an unverified address at once', async () => {
    const server = await startTestServer('sqlite', {
      user: { changeEmail: { enabled: true, updateEmailWithoutVerification: true } },
    });
    const client = server.client();
    await client.signUp('quick@example.com');
    await client.post('/change-email', { newEmail: 'quicker@example.com' });
    expect((await (await client.get('/get-session')).json()).user).toMatchObject({
      email: 'quicker@example.com',
      emailVerified: false,
    });
    await server.close();
  });
});
