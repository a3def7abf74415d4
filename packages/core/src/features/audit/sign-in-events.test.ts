/**
 * Sign-up and sign-in events, read back through the routes: `user.signed_in` names the first
 * factor (`method`, with the provider of a social one) and what stood in for the second
 * (`twoFactor`), also when the session comes from a second-factor check or a trusted browser; the
 * second-factor events and the refusals of each sign-in path carry the wire code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import type { TestClient } from '../../testing/test-server.ts';
import { register, signInWithPasskey } from '../passkey/test-kit.ts';
import { locationOf, type SocialServer, socialSignIn, startSocialServer } from '../social/social-test-kit.ts';
import { codeAt, keyOf } from '../two-factor/test-kit.ts';
import { coverageCheck, eventReads, signedInAdmin } from './test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;
const PASSWORD = 'correct horse battery';
const OWN = '/security/events';

describe.each(testDialects())('sign-in events (%s)', (dialect) => {
  let social: SocialServer;
  const mailer = new CaptureMailer();
  const events = eventReads(dialect);
  let admin: TestClient;
  let counter = 0;
  const email = (tag: string) => `${tag}-${++counter}@example.test`;
  const client = () => social.server.client();
  const sessionIdOf = async (browser: TestClient) =>
    ((await (await browser.get('/get-session')).json()) as Json).session.id as string;

  beforeAll(async () => {
    social = await startSocialServer(dialect, {
      mailer,
      admin: { enabled: true },
      twoFactor: { enabled: true },
      passkey: {},
    });
    admin = (await signedInAdmin(social.server, email('admin'))).client;
  });
  afterAll(() => social.close());

  /** A password account with TOTP on (confirmed with a first code); answers its backup codes and key. */
  async function withTotp(address: string) {
    const browser = client();
    const { user } = await browser.signUp(address);
    const enable = (await (await browser.post('/two-factor/enable', { password: PASSWORD })).json()) as Json;
    const key = keyOf(enable.totpURI);
    expect((await browser.post('/two-factor/verify-totp', { code: codeAt(social.server, key) })).status).toBe(
      200,
    );
    social.server.clock.advance(30);
    return { userId: user.id, key, backupCodes: enable.backupCodes as string[] };
  }

  /** A new browser past the password, holding a second-factor challenge. */
  async function challenged(address: string) {
    const browser = client();
    const answer = await browser.post('/sign-in/email', { email: address, password: PASSWORD });
    expect(((await answer.json()) as Json).twoFactorRedirect).toBe(true);
    return browser;
  }

  it('password: sign-up with its session, then a sign-in naming the password and no second factor', async () => {
    const browser = client();
    const address = email('pw');
    const { user } = await browser.signUp(address);
    const signedUp = await events.latest(browser, OWN, 'user.signed_up');
    expect(signedUp).toMatchObject({ actor: { id: user.id }, metadata: { method: 'password' } });
    const created = await events.latest(browser, OWN, 'session.created');
    expect(created).toMatchObject({ metadata: { reason: 'sign_up' }, sessionId: await sessionIdOf(browser) });

    const again = client();
    await again.signIn(address);
    const signedIn = await events.latest(again, OWN, 'user.signed_in');
    expect(signedIn).toMatchObject({
      outcome: 'success',
      actor: { type: 'user', id: user.id, email: address },
      target: { type: 'user', id: user.id },
      sessionId: await sessionIdOf(again),
      metadata: { method: 'password', twoFactor: 'none' },
    });
  });

  it('password refused: user.sign_in_failed with the wire code, aimed at the account', async () => {
    const browser = client();
    const address = email('wrong');
    const { user } = await browser.signUp(address);
    const refused = await client().post('/sign-in/email', { email: address, password: 'not the password' });
    expect(refused.status).toBe(401);
    const failed = await events.latest(browser, OWN, 'user.sign_in_failed');
    expect(failed).toMatchObject({
      outcome: 'failure',
      errorCode: 'INVALID_EMAIL_OR_PASSWORD',
      actor: { type: 'anonymous', id: null },
      target: { type: 'user', id: user.id },
      metadata: { method: 'password' },
    });
  });

  it('passkey: a user-verifying passkey counts as both factors, one without the UV flag as one', async () => {
    const browser = client();
    await browser.signUp(email('pk'));
    const authenticator = new SoftwareAuthenticator();
    expect((await register(social.server, browser, authenticator)).status).toBe(200);
    const verified = await signInWithPasskey(social.server, authenticator);
    expect(verified.response.status).toBe(200);
    expect((await events.latest(verified.client, OWN, 'user.signed_in')).metadata).toEqual({
      method: 'passkey',
      twoFactor: 'passkey',
    });
    const presence = await signInWithPasskey(social.server, authenticator, { userVerified: false });
    expect(presence.response.status).toBe(200);
    expect((await events.latest(presence.client, OWN, 'user.signed_in')).metadata).toEqual({
      method: 'passkey',
      twoFactor: 'none',
    });
  });

  it('social: sign-up and sign-in name the provider', async () => {
    social.provider.users.sally = { email: 'sally@example.test', email_verified: true, name: 'Sally' };
    const browser = client();
    expect((await socialSignIn(browser, 'sally')).status).toBe(302);
    expect((await events.latest(browser, OWN, 'user.signed_up')).metadata).toEqual({
      method: 'social',
      provider: 'oidc',
    });
    const again = client();
    expect((await socialSignIn(again, 'sally')).status).toBe(302);
    const signedIn = await events.latest(again, OWN, 'user.signed_in');
    expect(signedIn).toMatchObject({
      sessionId: await sessionIdOf(again),
      metadata: { method: 'social', provider: 'oidc', twoFactor: 'none' },
    });
  });

  it('social: implicit linking to a verified local account records account.linked (implicit)', async () => {
    const address = email('linkme');
    const local = client();
    const { user } = await local.signUp(address);
    await social.server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 })
      .where('id', '=', user.id)
      .execute();
    social.provider.users.linkme = { email: address, email_verified: true, name: 'Link Me' };
    const browser = client();
    expect((await socialSignIn(browser, 'linkme')).status).toBe(302);
    const linked = await events.latest(local, OWN, 'account.linked');
    expect(linked).toMatchObject({
      outcome: 'success',
      actor: { type: 'user', id: user.id },
      target: { type: 'user', id: user.id },
      ip: '127.0.0.1',
      metadata: { provider: 'oidc', implicit: true },
    });
    expect((await events.latest(browser, OWN, 'user.signed_in')).metadata).toMatchObject({
      method: 'social',
      provider: 'oidc',
    });
  });

  it('social refused at the callback: user.sign_in_failed with the provider and the ?error= code', async () => {
    // An unverified local account with the provider's address: implicit linking is refused.
    const address = email('nolink');
    const local = client();
    const { user } = await local.signUp(address);
    social.provider.users.nolink = { email: address, email_verified: true, name: 'No Link' };
    const refused = await socialSignIn(client(), 'nolink');
    expect(locationOf(refused)).toContain('error=account_not_linked');
    expect(await events.latest(local, OWN, 'user.sign_in_failed')).toMatchObject({
      outcome: 'failure',
      errorCode: 'account_not_linked',
      actor: { type: 'anonymous' },
      target: { type: 'user', id: user.id },
      metadata: { method: 'social', provider: 'oidc' },
    });

    // The provider sent the browser back with its own refusal (the person said no).
    const browser = client();
    const start = (await (await browser.post('/sign-in/social', { provider: 'oidc' })).json()) as Json;
    const state = new URL(start.url).searchParams.get('state');
    const denied = await browser.get(`/callback/oidc?state=${state}&error=access_denied`);
    expect(locationOf(denied)).toContain('error=access_denied');
    const byAdmin = await events.latest(admin, '/admin/events?outcome=failure', 'user.sign_in_failed');
    expect(byAdmin).toMatchObject({
      errorCode: 'access_denied',
      target: null,
      metadata: { method: 'social', provider: 'oidc' },
    });
    // A callback without any state.
    expect(locationOf(await client().get('/callback/oidc?code=abc'))).toContain('error=state_not_found');
    expect(
      (await events.latest(admin, '/admin/events?outcome=failure', 'user.sign_in_failed')).errorCode,
    ).toBe('state_not_found');
  });

  it('social refused by id token: user.sign_in_failed with the provider and the wire code', async () => {
    const response = await client().post('/sign-in/social', {
      provider: 'oidc',
      idToken: { token: 'not-a-jwt' },
    });
    expect(response.status).toBe(401);
    expect(await events.latest(admin, '/admin/events?outcome=failure', 'user.sign_in_failed')).toMatchObject({
      errorCode: 'INVALID_TOKEN',
      metadata: { method: 'social', provider: 'oidc' },
    });
  });

  it('password + TOTP: challenged, a wrong code refused, then verified and signed in with totp', async () => {
    const address = email('totp');
    const { userId, key } = await withTotp(address);
    const browser = await challenged(address);
    const challenge = await events.latest(
      admin,
      `/admin/events?targetId=${userId}`,
      'user.two_factor_challenged',
    );
    expect(challenge).toMatchObject({
      sessionId: null,
      metadata: { method: 'password', methods: ['totp', 'otp'] },
    });
    expect(
      (await browser.post('/two-factor/verify-totp', { code: codeAt(social.server, key, 5) })).status,
    ).toBe(401);
    const failed = await events.latest(admin, `/admin/events?targetId=${userId}`, 'user.two_factor_failed');
    expect(failed).toMatchObject({
      outcome: 'failure',
      errorCode: 'INVALID_CODE',
      target: { type: 'user', id: userId },
      metadata: { method: 'totp' },
    });
    expect((await browser.post('/two-factor/verify-totp', { code: codeAt(social.server, key) })).status).toBe(
      200,
    );
    expect((await events.latest(browser, OWN, 'user.two_factor_verified')).metadata).toEqual({
      method: 'totp',
      trustDevice: false,
      signIn: true,
    });
    expect(await events.latest(browser, OWN, 'user.signed_in')).toMatchObject({
      sessionId: await sessionIdOf(browser),
      metadata: { method: 'password', twoFactor: 'totp' },
    });
  });

  it('password + emailed code: a wrong code refused, then signed in with otp', async () => {
    const address = email('otp');
    await withTotp(address);
    const browser = await challenged(address);
    expect((await browser.post('/two-factor/send-otp', {})).status).toBe(200);
    const code = mailer.last(address, 'two-factor-code').code as string;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await browser.post('/two-factor/verify-otp', { code: wrong })).status).toBe(401);
    expect(
      await events.latest(admin, '/admin/events?outcome=failure', 'user.two_factor_failed'),
    ).toMatchObject({
      errorCode: 'INVALID_CODE',
      metadata: { method: 'otp' },
    });
    expect((await browser.post('/two-factor/verify-otp', { code })).status).toBe(200);
    expect((await events.latest(browser, OWN, 'user.signed_in')).metadata).toEqual({
      method: 'password',
      twoFactor: 'otp',
    });
  });

  it('password + backup code, trusting the browser; the trusted browser then signs in without a challenge', async () => {
    const address = email('backup');
    const { backupCodes } = await withTotp(address);
    const browser = await challenged(address);
    expect((await browser.post('/two-factor/verify-backup-code', { code: 'not-a-code' })).status).toBe(401);
    expect(
      await events.latest(admin, '/admin/events?outcome=failure', 'user.two_factor_failed'),
    ).toMatchObject({
      errorCode: 'INVALID_BACKUP_CODE',
      metadata: { method: 'backup_code' },
    });
    const passed = await browser.post('/two-factor/verify-backup-code', {
      code: backupCodes[0],
      trustDevice: true,
    });
    expect(passed.status).toBe(200);
    expect((await events.latest(browser, OWN, 'user.backup_code_used')).metadata).toEqual({
      remaining: backupCodes.length - 1,
    });
    expect((await events.latest(browser, OWN, 'user.signed_in')).metadata).toEqual({
      method: 'password',
      twoFactor: 'backup_code',
    });
    expect((await events.latest(browser, OWN, 'user.trusted_device_added')).outcome).toBe('success');

    expect((await browser.post('/sign-out')).status).toBe(200);
    const again = await browser.post('/sign-in/email', { email: address, password: PASSWORD });
    expect(((await again.json()) as Json).token).toEqual(expect.any(String));
    expect(await events.latest(browser, OWN, 'user.signed_in')).toMatchObject({
      sessionId: await sessionIdOf(browser),
      metadata: { method: 'password', twoFactor: 'trusted_device' },
    });
  });

  it('social + emailed code: the session the code creates is recorded with the provider', async () => {
    social.provider.users.otto = { email: 'otto@example.test', email_verified: true, name: 'Otto' };
    const first = client();
    await socialSignIn(first, 'otto');
    expect((await first.post('/two-factor/enable', { method: 'otp' })).status).toBe(200);
    const browser = client();
    await socialSignIn(browser, 'otto');
    expect((await events.latest(first, OWN, 'user.two_factor_challenged')).metadata).toMatchObject({
      method: 'social',
      provider: 'oidc',
    });
    await browser.post('/two-factor/send-otp', {});
    const code = mailer.last('otto@example.test', 'two-factor-code').code;
    expect((await browser.post('/two-factor/verify-otp', { code })).status).toBe(200);
    expect((await events.latest(browser, OWN, 'user.signed_in')).metadata).toEqual({
      method: 'social',
      provider: 'oidc',
      twoFactor: 'otp',
    });
  });
});

coverageCheck(import.meta.url);
