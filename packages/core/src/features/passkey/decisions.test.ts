import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, TEST_SECRET, type TestServer } from '../../testing/test-server.ts';
import {
  authenticateOptions,
  CEREMONY_COOKIE,
  freshEmail,
  PASSWORD,
  passkeyRows,
  register,
  registered,
  registerOptions,
  SESSION_COOKIE,
  signInWithPasskey,
  startPasskeyServer,
} from './test-kit.ts';

const APP_ORIGIN = 'https://app.example.com';
const failedRegistration = {
  status: 400,
  code: 'FAILED_TO_VERIFY_REGISTRATION',
  message: 'Failed to verify registration',
};

// Each test names the decision of docs/protocol/passkey.md#decisions it holds, and fails on 1.7's behaviour.
describe.each(testDialects())('passkey decisions D9–D16 (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  beforeAll(async () => {
    server = await startPasskeyServer(dialect, {
      mailer,
      twoFactor: { enabled: true },
      trustedOrigins: [APP_ORIGIN, 'https://*.example.org'],
    });
  });
  afterAll(() => server.close());

  /** A user with a passkey who then turns two-factor on (emailed codes). */
  async function withTwoFactor() {
    const user = await registered(server);
    const enable = await user.client.post('/two-factor/enable', { password: PASSWORD, method: 'otp' });
    expect(await enable.json()).toEqual({ method: 'otp' });
    return user;
  }

  it('D9: a passkey without user verification, two-factor on: the challenge, no session (1.7: a session)', async () => {
    const { authenticator, email } = await withTwoFactor();
    const { client, response } = await signInWithPasskey(server, authenticator, { userVerified: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    expect(client.jar.get('better-auth.two_factor')).toBeDefined();
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await (await client.get('/get-session')).json()).toBeNull();
    // The second factor finishes the sign-in.
    expect((await client.post('/two-factor/send-otp', {})).status).toBe(200);
    const code = mailer.last(email, 'two-factor-code').code;
    const verify = await client.post('/two-factor/verify-otp', { code });
    expect(verify.status).toBe(200);
    expect((await (await client.get('/get-session')).json()).user.email).toBe(email);
  });

  it('D9: a user-verifying passkey counts as two factors: a session', async () => {
    const { authenticator, userId } = await withTwoFactor();
    const { client, response } = await signInWithPasskey(server, authenticator, { userVerified: true });
    expect(await response.json()).toMatchObject({
      session: { userId },
      user: { id: userId, twoFactorEnabled: true },
    });
    expect(client.jar.get(SESSION_COOKIE)).toBeDefined();
  });

  it('D9: without two-factor, a passkey without user verification still signs in', async () => {
    const { authenticator, userId } = await registered(server);
    const { response } = await signInWithPasskey(server, authenticator, { userVerified: false });
    expect(await response.json()).toMatchObject({ session: { userId } });
  });

  it('D10: one stable user handle per account, derived from the secret (1.7: random per call)', async () => {
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    const first = await registerOptions(client);
    const second = await registerOptions(client);
    const expected = createHmac('sha256', TEST_SECRET)
      .update(`webauthn-user-handle:${user.id}`)
      .digest('base64url');
    expect(first.user.id).toBe(expected);
    expect(second.user.id).toBe(expected);
    expect(Buffer.from(expected, 'base64url')).toHaveLength(32);
    const other = server.client();
    await other.signUp(freshEmail(), PASSWORD);
    expect((await registerOptions(other)).user.id).not.toBe(expected);
  });

  it('D10: the account name is the email, the label only names the passkey (1.7: the label)', async () => {
    const client = server.client();
    const email = freshEmail();
    await client.signUp(email, PASSWORD);
    const options = await registerOptions(client, '?name=Laptop');
    expect(options.user).toMatchObject({ name: email, displayName: email });
  });

  it('D11: a configured trusted origin is expected though the request says otherwise (1.7: the Origin header)', async () => {
    const { authenticator, userId } = await registered(server);
    // The page on the app's origin; the call reaches the server with the server's own Origin.
    for (const origin of [APP_ORIGIN, 'https://shop.example.org']) {
      const { response } = await signInWithPasskey(server, authenticator, { origin });
      expect(await response.json()).toMatchObject({ session: { userId } });
    }
    const client = server.client();
    await client.signUp(freshEmail(), PASSWORD);
    expect(
      (await register(server, client, new SoftwareAuthenticator(), {}, { origin: APP_ORIGIN })).status,
    ).toBe(200);
  });

  it('D11: an origin outside the configuration fails, whatever the request claims', async () => {
    const { authenticator } = await registered(server);
    for (const origin of ['https://evil.example', `${server.url}/path`, 'null']) {
      const { response } = await signInWithPasskey(server, authenticator, { origin });
      expect(await errorOf(response)).toEqual({
        status: 400,
        code: 'AUTHENTICATION_FAILED',
        message: 'Authentication failed',
      });
    }
    const client = server.client();
    const { user } = await client.signUp(freshEmail(), PASSWORD);
    const response = await register(
      server,
      client,
      new SoftwareAuthenticator(),
      {},
      { origin: 'https://evil.example' },
    );
    expect(await errorOf(response)).toEqual(failedRegistration);
    expect(await passkeyRows(server, user.id)).toHaveLength(0);
  });

  it('D12: a credential id is registered once, to one account (1.7 stores it again)', async () => {
    const { authenticator, passkey } = await registered(server);
    const intruder = server.client();
    const { user } = await intruder.signUp(freshEmail(), PASSWORD);
    const options = await registerOptions(intruder);
    const response = await authenticator.register(options, {
      origin: server.url,
      reuseCredential: passkey.credentialID,
    });
    expect(response.id).toBe(passkey.credentialID);
    expect(await errorOf(await intruder.post('/passkey/verify-registration', { response }))).toEqual(
      failedRegistration,
    );
    expect(await passkeyRows(server, user.id)).toHaveLength(0);
  });

  it('D12: new databases index credentialID unique', async () => {
    const { passkey, userId } = await registered(server);
    const copy = {
      ...passkey,
      id: 'duplicate-row',
      userId,
      backedUp: 0,
      createdAt: passkey.createdAt as string,
    };
    await expect(
      server.database.db
        .insertInto('passkey')
        .values({ ...copy, lastUsedAt: null } as never)
        .execute(),
    ).rejects.toThrow();
  });

  it('D13: a malformed response is 400 FAILED_TO_VERIFY_REGISTRATION (1.7: 500)', async () => {
    const client = server.client();
    await client.signUp(freshEmail(), PASSWORD);
    await registerOptions(client);
    const response = await client.post('/passkey/verify-registration', {
      response: { id: 'x', response: {} },
    });
    expect(await errorOf(response)).toEqual(failedRegistration);
  });

  it("D13: deleting another user's passkey answers 401 with a code and message (1.7: an empty body)", async () => {
    const { passkey } = await registered(server);
    const { client: other } = await registered(server);
    const response = await other.post('/passkey/delete-passkey', { id: passkey.id });
    expect(await response.json()).toEqual({
      code: 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
      message: 'You are not allowed to register this passkey',
    });
    expect(response.status).toBe(401);
  });

  it('D14: both verify calls expire the challenge cookie, even when they fail (1.7 leaves it)', async () => {
    const { authenticator, client } = await registered(server);
    const expired = (response: Response) =>
      response.headers
        .getSetCookie()
        .some((c) => c.startsWith(`${CEREMONY_COOKIE}=;`) && /Max-Age=0/.test(c));
    const browser = server.client();
    const options = await authenticateOptions(browser);
    const assertion = await authenticator.authenticate(options, { origin: server.url });
    const signIn = await browser.post('/passkey/verify-authentication', { response: assertion });
    expect(signIn.status).toBe(200);
    expect(expired(signIn)).toBe(true);
    await registerOptions(client);
    const failed = await client.post('/passkey/verify-registration', { response: { id: 'x' } });
    expect(failed.status).toBe(400);
    expect(expired(failed)).toBe(true);
    expect(client.jar.get(CEREMONY_COOKIE)).toBeUndefined();
  });

  it('D16: the last passkey of a user with no password or provider stays (1.7 deletes it)', async () => {
    const { client, userId, passkey, authenticator } = await registered(server);
    server.clock.advance(1);
    const second = await (
      await register(server, client, new SoftwareAuthenticator(), { name: 'Backup' })
    ).json();
    // A passkey-only account: no credential or provider account rows.
    await server.database.db.deleteFrom('account').where('userId', '=', userId).execute();
    expect((await client.post('/passkey/delete-passkey', { id: second.id })).status).toBe(200);
    expect(await errorOf(await client.post('/passkey/delete-passkey', { id: passkey.id }))).toEqual({
      status: 400,
      code: 'FAILED_TO_UNLINK_LAST_ACCOUNT',
      message: "You can't unlink your last account",
    });
    expect(await passkeyRows(server, userId)).toHaveLength(1);
    expect((await signInWithPasskey(server, authenticator)).response.status).toBe(200);
  });

  it('D16: with a password, the last passkey can go', async () => {
    const { client, userId, passkey } = await registered(server);
    expect((await client.post('/passkey/delete-passkey', { id: passkey.id })).status).toBe(200);
    expect(await passkeyRows(server, userId)).toHaveLength(0);
  });
});

describe('passkey decision D3 (rate limit)', () => {
  it('D3: verify-authentication is limited to 3 per 10 s whenever the limiter is on (1.7: no rule)', async () => {
    const server = await startPasskeyServer('sqlite', { rateLimit: { enabled: true } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (await server.client().post('/passkey/verify-authentication', { response: {} })).status,
        );
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      server.clock.advance(10);
      expect((await server.client().post('/passkey/verify-authentication', { response: {} })).status).toBe(
        400,
      );
    } finally {
      await server.close();
    }
  });
});
