/**
 * Every event type not proved elsewhere (see `EVENT_COVERAGE` in test-kit.ts), each produced by
 * performing its action and read back through the routes: the person's own view, or the admin
 * view for events about someone gone. The last test checks that the coverage lists of the test
 * files in this folder cover the whole event model, each type once.
 */
import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_EVENT_TYPES } from '../../event-types.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { present } from '../../testing/present.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { register, signInWithPasskey } from '../passkey/test-kit.ts';
import { codeAt, keyOf } from '../two-factor/test-kit.ts';
import { coverageCheck, EVENT_COVERAGE, eventReads, signedInAdmin } from './test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;
const PASSWORD = 'correct horse battery';

describe.each(testDialects())('event types (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  let admin: TestClient;
  let counter = 0;
  const email = (tag: string) => `${tag}-${++counter}@example.com`;
  const { latest, all } = eventReads(dialect);

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      mailer,
      appName: 'Gatehouse Test',
      admin: { enabled: true },
      twoFactor: { enabled: true, accountLockout: { maxFailedAttempts: 2, durationSeconds: 600 } },
      passkey: {},
      user: {
        changeEmail: { enabled: true, updateEmailWithoutVerification: true },
        deleteUser: { enabled: true },
      },
    });
    admin = (await signedInAdmin(server, email('admin'))).client;
  });
  afterAll(() => server.close());

  it('two-factor: enabled, backup codes generated, lockout, disabled', async () => {
    const client = server.client();
    const address = email('tf');
    await client.signUp(address);
    const enable = (await (await client.post('/two-factor/enable', { password: PASSWORD })).json()) as Json;
    const key = keyOf(enable.totpURI);
    expect((await client.post('/two-factor/verify-totp', { code: codeAt(server, key) })).status).toBe(200);
    expect(await latest(client, '/security/events', 'user.two_factor_enabled')).toMatchObject({
      outcome: 'success',
    });
    expect((await client.post('/two-factor/generate-backup-codes', { password: PASSWORD })).status).toBe(200);
    expect((await latest(client, '/security/events', 'user.backup_codes_generated')).metadata).toEqual({
      count: 10,
    });

    const other = server.client();
    await other.post('/sign-in/email', { email: address, password: PASSWORD });
    for (let i = 0; i < 2; i++) await other.post('/two-factor/verify-totp', { code: codeAt(server, key, 7) });
    const locked = await latest(client, '/security/events', 'user.locked_out');
    expect(locked.actor.type).toBe('system');

    expect((await client.post('/two-factor/disable', { password: PASSWORD })).status).toBe(200);
    await latest(client, '/security/events', 'user.two_factor_disabled');
  });

  it('passkeys: registered, renamed, deleted, and a refused passkey sign-in', async () => {
    const client = server.client();
    await client.signUp(email('pk'));
    const authenticator = new SoftwareAuthenticator();
    const registered = await register(server, client, authenticator, { name: 'Laptop' });
    const passkey = (await registered.json()) as Json;
    const event = await latest(client, '/security/events', 'user.passkey_registered');
    expect(event.target).toEqual({ type: 'passkey', id: passkey.id });
    expect(event.metadata).toMatchObject({ passkeyId: passkey.id, backedUp: false });
    expect((await client.post('/passkey/update-passkey', { id: passkey.id, name: 'Desk' })).status).toBe(200);
    await latest(client, '/security/events', 'user.passkey_renamed');

    expect((await client.post('/passkey/delete-passkey', { id: passkey.id })).status).toBe(200);
    await latest(client, '/security/events', 'user.passkey_deleted');

    // The authenticator still holds the credential the server has forgotten.
    const { response } = await signInWithPasskey(server, authenticator);
    expect(response.status).toBeGreaterThanOrEqual(400);
    const failed = await latest(admin, '/admin/events', 'user.passkey_sign_in_failed');
    expect(failed.outcome).toBe('failure');
    expect(typeof failed.errorCode).toBe('string');
  });

  it('email: verification sent, verified, change requested, and changed at once or through the links', async () => {
    const client = server.client();
    const address = email('mail');
    await client.signUp(address);
    expect((await client.post('/change-email', { newEmail: email('moved') })).status).toBe(200);
    expect((await latest(client, '/security/events', 'user.email_changed')).metadata).toEqual({
      verified: false,
    });
    const current = ((await (await client.get('/get-session')).json()) as Json).user.email as string;
    expect((await client.post('/send-verification-email', { email: current })).status).toBe(200);
    await latest(client, '/security/events', 'user.email_verification_sent');
    expect((await client.get(mailer.lastPath(current, 'verification'))).status).toBeLessThan(400);
    await latest(client, '/security/events', 'user.email_verified');
    // Verified now: a change asks the current address first, then the new one proves itself.
    const next = email('next');
    expect((await client.post('/change-email', { newEmail: next })).status).toBe(200);
    expect((await latest(client, '/security/events', 'user.email_change_requested')).metadata).toEqual({
      newEmail: next,
    });
    expect((await client.get(mailer.lastPath(current, 'email-change'))).status).toBeLessThan(400);
    expect((await client.get(mailer.lastPath(next, 'verification'))).status).toBeLessThan(400);
    const changed = await latest(client, '/security/events', 'user.email_changed');
    expect(changed).toMatchObject({ outcome: 'success', metadata: { verified: true } });
    expect(((await (await client.get('/get-session')).json()) as Json).user.email).toBe(next);
  });

  it('deletion: user.deleted, read by an admin once the account is gone', async () => {
    const client = server.client();
    const { user } = await client.signUp(email('gone'));
    expect((await client.post('/delete-user', { password: PASSWORD })).status).toBe(200);
    const event = await latest(admin, `/admin/events?targetId=${user.id}`, 'user.deleted');
    expect(event).toMatchObject({ actor: { id: user.id }, metadata: { method: 'password' } });
  });

  it('admin actions: create, update, role, password, ban and unban, sessions, two-factor reset, removal', async () => {
    const created = await admin.post('/admin/create-user', {
      email: email('made'),
      name: 'Made',
      password: PASSWORD,
    });
    const userId = ((await created.json()) as Json).user.id as string;
    const byAdmin = `/admin/events?targetId=${userId}`;
    expect((await latest(admin, byAdmin, 'admin.user_created')).actor.type).toBe('admin');
    await admin.post('/admin/update-user', { userId, data: { name: 'Renamed' } });
    expect((await latest(admin, byAdmin, 'admin.user_updated')).metadata).toEqual({ fields: ['name'] });
    await admin.post('/admin/set-role', { userId, role: 'admin' });
    expect((await latest(admin, byAdmin, 'admin.user_role_set')).metadata).toMatchObject({ to: 'admin' });
    await admin.post('/admin/set-role', { userId, role: 'user' });
    await admin.post('/admin/set-user-password', { userId, newPassword: 'another good passphrase' });
    await latest(admin, byAdmin, 'admin.user_password_set');
    await admin.post('/admin/ban-user', { userId, banReason: 'spam' });
    expect((await latest(admin, byAdmin, 'admin.user_banned')).metadata).toMatchObject({ reason: 'spam' });
    await admin.post('/admin/unban-user', { userId });
    await latest(admin, byAdmin, 'admin.user_unbanned');
    const person = server.client();
    const { token } = await person.signIn(`made-${counter}@example.com`, 'another good passphrase');
    expect((await admin.post('/admin/revoke-user-session', { sessionToken: token })).status).toBe(200);
    const revoked = await latest(admin, '/admin/events', 'session.revoked');
    expect(revoked.metadata).toEqual({ by: 'admin', userId });
    await person.signIn(`made-${counter}@example.com`, 'another good passphrase');
    await admin.post('/admin/revoke-user-sessions', { userId });
    expect((await latest(admin, byAdmin, 'admin.user_sessions_revoked')).metadata).toEqual({ count: 1 });
    expect((await admin.post('/admin/reset-two-factor', { userId })).status).toBe(200);
    await latest(admin, byAdmin, 'admin.two_factor_reset');
    await admin.post('/admin/remove-user', { userId });
    await latest(admin, byAdmin, 'admin.user_deleted');
  });

  it('operator commands act as the system: ban, unban, sign out everywhere, remove', async () => {
    const operator = present(server.auth.operator);
    const person = server.client();
    const { user } = await person.signUp(email('cli'));
    const byOperator = `/admin/events?targetId=${user.id}`;
    await operator.banUser(user.id, { reason: 'abuse', expiresInSeconds: 3600 });
    expect(await latest(admin, byOperator, 'admin.user_banned')).toMatchObject({
      actor: { type: 'system', id: null, impersonatorId: null },
      ip: null,
      metadata: { reason: 'abuse', expiresAt: expect.any(String) },
    });
    await operator.unbanUser(user.id);
    expect((await latest(admin, byOperator, 'admin.user_unbanned')).actor.type).toBe('system');
    await person.signIn(user.email);
    expect(await operator.revokeSessions(user.id)).toBe(1);
    expect(await latest(admin, byOperator, 'admin.user_sessions_revoked')).toMatchObject({
      actor: { type: 'system' },
      metadata: { count: 1 },
    });
    await operator.removeUser(user.id);
    expect(await latest(admin, byOperator, 'admin.user_deleted')).toMatchObject({
      actor: { type: 'system' },
      target: { type: 'user', id: user.id },
    });
  });

  it('trusted browsers: added at the second factor, revoked (with their count) by signing out everywhere', async () => {
    const client = server.client();
    const address = email('trust');
    const { user } = await client.signUp(address);
    const enable = (await (await client.post('/two-factor/enable', { password: PASSWORD })).json()) as Json;
    const key = keyOf(enable.totpURI);
    expect((await client.post('/two-factor/verify-totp', { code: codeAt(server, key) })).status).toBe(200);
    const other = server.client();
    await other.post('/sign-in/email', { email: address, password: PASSWORD });
    server.clock.advance(30);
    const trusted = await other.post('/two-factor/verify-totp', {
      code: codeAt(server, key),
      trustDevice: true,
    });
    expect(trusted.status).toBe(200);
    await latest(client, '/security/events', 'user.trusted_device_added');
    expect((await client.post('/revoke-sessions')).status).toBe(200);
    // Signing out everywhere ends the caller's session too: an admin reads it.
    const revoked = await latest(admin, `/admin/events?targetId=${user.id}`, 'user.trusted_devices_revoked');
    expect(revoked.metadata).toEqual({ count: 1 });
    // This browser and the trusted one: both sessions end.
    expect(await latest(admin, `/admin/events?targetId=${user.id}`, 'session.revoked_all')).toMatchObject({
      actor: { type: 'user', id: user.id },
      metadata: { count: 2, others: false },
    });
    // Nothing trusted any more: signing out everywhere again records no second revocation.
    await client.signIn(address);
    await client.post('/two-factor/verify-totp', { code: codeAt(server, key, 60) });
    await client.post('/revoke-sessions');
    expect(
      await all(admin, `/admin/events?targetId=${user.id}`, 'user.trusted_devices_revoked'),
    ).toHaveLength(1);
  });

  it('signing out the other devices: session.revoked_all (others) and session.revoked', async () => {
    const client = server.client();
    const address = email('others');
    await client.signUp(address);
    const other = server.client();
    const { token } = await other.signIn(address);
    const third = server.client();
    await third.signIn(address);
    expect((await client.post('/revoke-session', { token })).status).toBe(200);
    expect((await latest(client, '/security/events', 'session.revoked')).metadata).toEqual({ by: 'self' });
    expect((await client.post('/revoke-other-sessions')).status).toBe(200);
    expect((await latest(client, '/security/events', 'session.revoked_all')).metadata).toEqual({
      count: 1,
      others: true,
    });
  });

  it('sessions: created at sign-up, refreshed only by a read that extends it, and one device’s own events', async () => {
    const client = server.client();
    await client.signUp(email('sess'));
    const created = await latest(client, '/security/events', 'session.created');
    expect(created.metadata).toEqual({ reason: 'sign_up' });
    const sessionId = created.sessionId as string;
    expect(created.target).toEqual({ type: 'session', id: sessionId });
    // A plain read writes nothing.
    for (let i = 0; i < 3; i++) await client.get('/get-session');
    const none = (await (await client.get('/security/events?type=session.refreshed')).json()) as Json;
    expect(none.events).toEqual([]);
    // Past the update age (one day by default) the next read extends the session: one event.
    server.clock.advance(86_400 + 1);
    expect((await client.get('/get-session?disableCookieCache=true')).status).toBe(200);
    await expect
      .poll(async () => {
        const answer = (await (await client.get('/security/events?type=session.refreshed')).json()) as Json;
        return answer.events.length;
      })
      .toBe(1);
    const refreshed = await latest(client, '/security/events', 'session.refreshed');
    expect(refreshed).toMatchObject({ sessionId, target: { type: 'session', id: sessionId } });

    // The Sessions page's per-device list: only this session's events, only the caller's.
    const other = server.client();
    await other.signIn(created.actor.email);
    const mine = (await (await client.get(`/security/events?sessionId=${sessionId}`)).json()) as Json;
    expect(mine.events.length).toBeGreaterThanOrEqual(2);
    expect(mine.events.every((event: Json) => event.sessionId === sessionId)).toBe(true);
    const stranger = server.client();
    await stranger.signUp(email('stranger'));
    const theirs = (await (await stranger.get(`/security/events?sessionId=${sessionId}`)).json()) as Json;
    expect(theirs.events).toEqual([]);
    const bad = await client.get(`/security/events?sessionId=${'x'.repeat(300)}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).code).toBe('VALIDATION_ERROR');
  });

  it('deletion by email: user.deletion_requested, then user.deleted (email) by the link or its token', async () => {
    const emailed = await startTestServer(dialect, {
      mailer,
      user: { deleteUser: { enabled: true, sendVerificationEmail: true } },
      admin: { enabled: true },
    });
    try {
      const reader = (await signedInAdmin(emailed, email('root'))).client;
      const reads = eventReads(dialect);
      for (const by of ['link', 'token'] as const) {
        const client = emailed.client();
        const address = email(`confirm-${by}`);
        const { user } = await client.signUp(address);
        const asked = await client.post('/delete-user', { password: PASSWORD });
        expect(await asked.json()).toEqual({ success: true, message: 'Verification email sent' });
        await reads.latest(client, '/security/events', 'user.deletion_requested');
        const link = mailer.lastPath(address, 'account-deletion');
        if (by === 'link') expect((await client.get(link)).status).toBeLessThan(400);
        else {
          const token = new URL(link, 'http://x').searchParams.get('token');
          expect((await client.post('/delete-user', { token })).status).toBe(200);
        }
        expect(
          await reads.latest(reader, `/admin/events?targetId=${user.id}`, 'user.deleted'),
          by,
        ).toMatchObject({
          actor: { type: 'user', id: user.id },
          metadata: { method: 'email' },
        });
      }
    } finally {
      await emailed.close();
    }
  });
});

describe('coverage of the event model', () => {
  it('the test files’ coverage lists hold every type of the model, each once, and every listed file exists', () => {
    const listed = Object.values(EVENT_COVERAGE).flat();
    expect([...listed].sort()).toEqual([...AUDIT_EVENT_TYPES].sort());
    const folder = readdirSync(dirname(fileURLToPath(import.meta.url)));
    expect(Object.keys(EVENT_COVERAGE).filter((file) => !folder.includes(file))).toEqual([]);
  });
});

coverageCheck(import.meta.url);
