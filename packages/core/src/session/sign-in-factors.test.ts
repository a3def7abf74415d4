import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, signInWithPasskey } from '../features/passkey/test-kit.ts';
import { socialSignIn } from '../features/social/social-test-kit.ts';
import { codeAt, enrolled } from '../features/two-factor/test-kit.ts';
import type { HandlerAnswer } from '../http/request-outcome.ts';
import { CaptureMailer } from '../testing/capture-mailer.ts';
import { startOidcTestProvider } from '../testing/oidc-test-provider.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const PASSWORD = 'correct horse battery';

/**
 * The engine tells its host, with each answer, whether the request was a sign-in attempt, with
 * which factor and how it ended (`HandlerAnswer.signIn`): the product's metrics count sign-ins
 * from it alone, so every way of signing in is counted without a table of routes.
 */
describe('sign-in attempts as the host hears them', () => {
  const mailer = new CaptureMailer();
  let server: TestServer;
  let closeProvider: () => Promise<void>;

  beforeAll(async () => {
    const provider = await startOidcTestProvider({
      clientId: 'factors-client',
      clientSecret: 'factors-client-secret-0123456789abcdef',
      redirectUris: [],
      users: {
        alice: { email: 'alice@factors.test', email_verified: true, name: 'Alice' },
        nomail: { name: 'No Email' },
      },
    });
    closeProvider = () => provider.close();
    server = await startTestServer('sqlite', {
      appName: 'Factors',
      mailer,
      passkey: {},
      twoFactor: { enabled: true },
      socialProviders: {
        oidc: [
          {
            providerId: 'oidc',
            name: 'Test OpenID',
            issuer: provider.issuer,
            clientId: 'factors-client',
            clientSecret: 'factors-client-secret-0123456789abcdef',
          },
        ],
      },
    });
    provider.setRedirectUris([`${server.url}/api/auth/callback/oidc`]);
  });
  afterAll(async () => {
    await server?.close();
    await closeProvider?.();
  });

  /** The sign-in the last answer reported, after `act` ran. */
  async function reported(act: () => Promise<Response>): Promise<HandlerAnswer['signIn']> {
    const before = server.answers.length;
    const response = await act();
    await response.arrayBuffer();
    expect(server.answers.length).toBeGreaterThan(before);
    return server.answers.at(-1)?.signIn;
  }

  it('password: success, a refusal by its code; sign-up and a request refused before the handler are none', async () => {
    const client = server.client();
    expect(
      await reported(() =>
        client.post('/sign-up/email', { email: 'pw@factors.test', password: PASSWORD, name: 'P' }),
      ),
    ).toBeUndefined();
    expect(
      await reported(() =>
        client.post('/sign-in/email', { email: 'pw@factors.test', password: 'wrong one' }),
      ),
    ).toEqual({ factor: 'password', outcome: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(
      await reported(() => client.post('/sign-in/email', { email: 'pw@factors.test', password: PASSWORD })),
    ).toEqual({ factor: 'password', outcome: 'success' });
    // Malformed input never reaches the handler: nothing was tried.
    expect(await reported(() => client.post('/sign-in/email', { email: 1 }))).toBeUndefined();
    expect(await reported(() => client.get('/get-session'))).toBeUndefined();
  });

  it('passkey: registering is none, signing in is a passkey sign-in', async () => {
    const authenticator = new SoftwareAuthenticator();
    const client = server.client();
    await client.signUp('pk@factors.test', PASSWORD);
    expect(await reported(() => register(server, client, authenticator))).toBeUndefined();
    expect(await reported(async () => (await signInWithPasskey(server, authenticator)).response)).toEqual({
      factor: 'passkey',
      outcome: 'success',
    });
  });

  it('second factors: the password step is challenged, each code factor reported, enrolment is none', async () => {
    const before = server.answers.length;
    const person = await enrolled(server, 'tf@factors.test');
    // Enabling and confirming the authenticator in a session are not sign-ins.
    expect(server.answers.slice(before).filter((answer) => answer.signIn !== undefined)).toEqual([]);
    const browser = server.client();
    expect(
      await reported(() => browser.post('/sign-in/email', { email: person.email, password: PASSWORD })),
    ).toEqual({ factor: 'password', outcome: 'challenged' });
    expect(await reported(() => browser.post('/two-factor/verify-totp', { code: '000000' }))).toEqual({
      factor: 'totp',
      outcome: 'INVALID_CODE',
    });
    expect(
      await reported(() => browser.post('/two-factor/verify-totp', { code: codeAt(server, person.key) })),
    ).toEqual({ factor: 'totp', outcome: 'success' });

    const second = server.client();
    await second.post('/sign-in/email', { email: person.email, password: PASSWORD });
    expect(await reported(() => second.post('/two-factor/send-otp', {}))).toBeUndefined();
    const code = mailer.last(person.email, 'two-factor-code').code ?? '';
    expect(await reported(() => second.post('/two-factor/verify-otp', { code }))).toEqual({
      factor: 'otp',
      outcome: 'success',
    });

    const third = server.client();
    await third.post('/sign-in/email', { email: person.email, password: PASSWORD });
    expect(
      await reported(() => third.post('/two-factor/verify-backup-code', { code: person.backupCodes[0] })),
    ).toEqual({ factor: 'backup-code', outcome: 'success' });
    // Without a challenge there is no sign-in to attempt.
    expect(
      await reported(() => server.client().post('/two-factor/verify-totp', { code: '123456' })),
    ).toBeUndefined();
  });

  it('social: the redirect flow is counted at the callback, a failure by its redirect code', async () => {
    const client = server.client();
    // Starting the flow only answers the provider's URL.
    expect(await reported(() => client.post('/sign-in/social', { provider: 'oidc', callbackURL: '/' }))).toBe(
      undefined,
    );
    expect(await reported(() => socialSignIn(client, 'alice', { callbackURL: '/' }))).toEqual({
      factor: 'social',
      outcome: 'success',
    });
    expect(await reported(() => socialSignIn(server.client(), 'nomail', { callbackURL: '/' }))).toEqual({
      factor: 'social',
      outcome: 'email_not_found',
    });
  });
});
