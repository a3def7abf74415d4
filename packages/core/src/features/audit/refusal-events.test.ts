/**
 * Step-ups, password checks, password resets, the second factor's secret and provider tokens
 * handed out, and rate-limit refusals, read back through the routes. A wrong password on a settings
 * route is recorded as that route's own event, failed, with the wire code; a missing session is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEventType } from '../../audit-event.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { authenticateOptions, registered } from '../passkey/test-kit.ts';
import { type SocialServer, socialSignIn, startSocialServer } from '../social/social-test-kit.ts';
import { codeAt, keyOf } from '../two-factor/test-kit.ts';
import { coverageCheck, eventReads, signedInAdmin } from './test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;
const PASSWORD = 'correct horse battery';
const WRONG = 'not my passphrase at all';
const OWN = '/security/events';

describe.each(testDialects())('refusal and hand-out events (%s)', (dialect) => {
  let social: SocialServer;
  let server: TestServer;
  const mailer = new CaptureMailer();
  const events = eventReads(dialect);
  let admin: TestClient;
  let counter = 0;
  const email = (tag: string) => `${tag}-${++counter}@example.test`;

  beforeAll(async () => {
    social = await startSocialServer(dialect, {
      mailer,
      admin: { enabled: true },
      twoFactor: { enabled: true },
      passkey: {},
      user: { deleteUser: { enabled: true } },
    });
    server = social.server;
    admin = (await signedInAdmin(server, email('admin'))).client;
  });
  afterAll(() => social.close());

  it('step-up with the password: user.reauthenticated, passed and refused', async () => {
    const client = server.client();
    const { user } = await client.signUp(email('step'));
    expect((await client.post('/verify-password', { password: PASSWORD })).status).toBe(200);
    expect(await events.latest(client, OWN, 'user.reauthenticated')).toMatchObject({
      outcome: 'success',
      target: { type: 'user', id: user.id },
      metadata: { method: 'password' },
    });
    expect((await client.post('/verify-password', { password: WRONG })).status).toBe(400);
    expect(await events.latest(client, `${OWN}?outcome=failure`, 'user.reauthenticated')).toMatchObject({
      actor: { type: 'user', id: user.id },
      target: { type: 'user', id: user.id },
      errorCode: 'INVALID_PASSWORD',
      metadata: { method: 'password' },
    });
  });

  it('step-up with a passkey: user.reauthenticated, passed and refused', async () => {
    const { client, authenticator, passkey } = await registered(server);
    const options = await authenticateOptions(client);
    const response = await authenticator.authenticate(options, { origin: server.url });
    expect((await client.post('/passkey/reauthenticate', { response })).status).toBe(200);
    expect((await events.latest(client, OWN, 'user.reauthenticated')).metadata).toEqual({
      method: 'passkey',
      passkeyId: passkey.id,
      userVerified: true,
    });
    // No ceremony started in this browser.
    expect((await client.post('/passkey/reauthenticate', { response })).status).toBe(400);
    expect(await events.latest(client, `${OWN}?outcome=failure`, 'user.reauthenticated')).toMatchObject({
      errorCode: 'CHALLENGE_NOT_FOUND',
      metadata: { method: 'passkey' },
    });
  });

  it('a wrong password on a settings route is that route’s event, failed; a missing session records nothing', async () => {
    const client = server.client();
    await client.signUp(email('settings'));
    const refusals: [string, Record<string, unknown>, AuditEventType][] = [
      [
        '/change-password',
        { currentPassword: WRONG, newPassword: 'whatever new passphrase' },
        'user.password_changed',
      ],
      ['/delete-user', { password: WRONG }, 'user.deleted'],
      ['/two-factor/enable', { password: WRONG }, 'user.two_factor_enabled'],
    ];
    for (const [path, body, type] of refusals) {
      expect((await client.post(path, body)).status, path).toBe(400);
      expect(await events.latest(client, `${OWN}?outcome=failure`, type), path).toMatchObject({
        outcome: 'failure',
        errorCode: 'INVALID_PASSWORD',
      });
    }
    // With two-factor on, the routes that need it refuse a wrong password the same way.
    const enable = (await (await client.post('/two-factor/enable', { password: PASSWORD })).json()) as Json;
    expect(
      (await client.post('/two-factor/verify-totp', { code: codeAt(server, keyOf(enable.totpURI)) })).status,
    ).toBe(200);
    for (const [path, type] of [
      ['/two-factor/generate-backup-codes', 'user.backup_codes_generated'],
      ['/two-factor/get-totp-uri', 'user.totp_uri_read'],
      ['/two-factor/disable', 'user.two_factor_disabled'],
    ] as const) {
      expect((await client.post(path, { password: WRONG })).status, path).toBe(400);
      expect((await events.latest(client, `${OWN}?outcome=failure`, type)).errorCode, path).toBe(
        'INVALID_PASSWORD',
      );
    }
    const failures = (await events.all(admin, '/admin/events?outcome=failure', 'user.password_changed'))
      .length;
    expect(
      (await server.client().post('/change-password', { currentPassword: WRONG, newPassword: 'x' })).status,
    ).toBe(401);
    expect(await events.all(admin, '/admin/events?outcome=failure', 'user.password_changed')).toHaveLength(
      failures,
    );
  });

  it('reading the TOTP URI again is user.totp_uri_read', async () => {
    const client = server.client();
    const { user } = await client.signUp(email('uri'));
    const enable = (await (await client.post('/two-factor/enable', { password: PASSWORD })).json()) as Json;
    expect((await client.post('/two-factor/get-totp-uri', { password: PASSWORD })).status).toBe(200);
    expect(await events.latest(client, OWN, 'user.totp_uri_read')).toMatchObject({
      outcome: 'success',
      target: { type: 'user', id: user.id },
      metadata: {},
    });
    expect(enable.totpURI).toMatch(/^otpauth:/);
  });

  it('password reset: requested for a known and an unknown address, then completed', async () => {
    const address = email('reset');
    const owner = server.client();
    const { user } = await owner.signUp(address);
    expect((await server.client().post('/request-password-reset', { email: address })).status).toBe(200);
    expect(await events.latest(owner, OWN, 'user.password_reset_requested')).toMatchObject({
      actor: { type: 'anonymous', id: null },
      target: { type: 'user', id: user.id },
    });
    expect(
      (await server.client().post('/request-password-reset', { email: 'nobody@example.test' })).status,
    ).toBe(200);
    expect(await events.latest(admin, '/admin/events', 'user.password_reset_requested')).toMatchObject({
      actor: { type: 'anonymous' },
      target: null,
      metadata: {},
    });
    await expect.poll(() => mailer.count(address)).toBeGreaterThan(0);
    const token = present(new URL(mailer.last(address, 'password-reset').link).pathname.split('/').pop());
    const reset = await server
      .client()
      .post('/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    await owner.signIn(address, 'a brand new passphrase');
    expect(await events.latest(owner, OWN, 'user.password_reset_completed')).toMatchObject({
      outcome: 'success',
      target: { type: 'user', id: user.id },
    });
  });

  it('provider tokens handed out: account.tokens_read; and account.unlinked', async () => {
    const address = email('tok');
    const login = `tok-${counter}`;
    social.provider.users[login] = { email: address, email_verified: true, name: 'Tok' };
    // A password account that links the provider: unlinking it later leaves the password.
    const client = server.client();
    const { user } = await client.signUp(address);
    await server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 })
      .where('id', '=', user.id)
      .execute();
    expect((await socialSignIn(client, login, { callbackURL: '/account' }, '/link-social')).status).toBe(302);
    const accounts = (await (await client.get('/list-accounts')).json()) as Json[];
    const account = present(accounts.find((a) => a.providerId === 'oidc'));
    expect((await client.post('/get-access-token', { accountId: account.id })).status).toBe(200);
    expect(await events.latest(client, OWN, 'account.tokens_read')).toMatchObject({
      actor: { type: 'user', id: user.id },
      target: { type: 'account', id: account.id },
      metadata: { provider: 'oidc', refreshed: false },
    });
    expect((await client.post('/refresh-token', { accountId: account.id })).status).toBe(200);
    expect((await events.latest(client, OWN, 'account.tokens_read')).metadata).toEqual({
      provider: 'oidc',
      refreshed: true,
    });
    expect((await client.post('/unlink-account', { accountId: account.id })).status).toBe(200);
    expect((await events.latest(client, OWN, 'account.unlinked')).metadata).toMatchObject({
      provider: 'oidc',
    });
  });
});

describe.each(testDialects())('rate-limit refusals (%s)', (dialect) => {
  let server: TestServer;
  const events = eventReads(dialect);
  let admin: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect, {
      admin: { enabled: true },
      rateLimit: { enabled: true, customRules: { '/ok': { window: 60, max: 1 } } },
    });
    admin = (await signedInAdmin(server, 'root@example.com')).client;
  });
  afterAll(() => server.close());

  it('records one rate_limit.exceeded per client and route per minute, read by an admin', async () => {
    const client = server.client();
    expect((await client.get('/ok')).status).toBe(200);
    expect((await client.get('/ok')).status).toBe(429);
    expect((await client.get('/ok')).status).toBe(429);
    const [event, ...more] = await events.all(admin, '/admin/events', 'rate_limit.exceeded');
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      outcome: 'failure',
      errorCode: 'RATE_LIMITED',
      actor: { type: 'anonymous' },
      ip: '127.0.0.1',
      metadata: { path: '/ok' },
    });
    // A minute later the next refusal is recorded again.
    server.clock.advance(61);
    expect((await client.get('/ok')).status).toBe(200);
    expect((await client.get('/ok')).status).toBe(429);
    expect(await events.all(admin, '/admin/events', 'rate_limit.exceeded')).toHaveLength(2);
  });
});

coverageCheck(import.meta.url);
