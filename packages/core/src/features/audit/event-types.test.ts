/**
 * Every event type the engine records, each produced by performing its action and read back
 * through the routes (the person's own view, or the admin view for events about someone gone or
 * anonymous). Sign-in, sign-out, password, session, refusal and admin-impersonation events are in
 * audit.test.ts and secrets-scan.test.ts; the last test here checks that every type is named by
 * one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { SoftwareAuthenticator } from '../../testing/software-authenticator.ts';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { register, signInWithPasskey } from '../passkey/test-kit.ts';
import { type SocialServer, socialSignIn, startSocialServer } from '../social/social-test-kit.ts';
import { codeAt, keyOf } from '../two-factor/test-kit.ts';
import { AUDIT_EVENT_TYPES } from './audit-event.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;
const PASSWORD = 'correct horse battery';

async function latest(client: TestClient, path: string, type: string): Promise<Json> {
  const separator = path.includes('?') ? '&' : '?';
  const response = await client.get(`${path}${separator}type=${type}&limit=1`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Json;
  expect(body.events, `${type} via ${path}`).toHaveLength(1);
  return body.events[0];
}

/** Invites an address to an organization as a member; answers the invitation. */
async function invite(owner: TestClient, organizationId: string, address: string): Promise<Json> {
  const response = await owner.post('/organization/invite-member', {
    organizationId,
    email: address,
    role: 'member',
  });
  expect(response.status).toBe(200);
  return response.json();
}

describe.each(testDialects())('event types (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  let admin: TestClient;
  let counter = 0;
  const email = (tag: string) => `${tag}-${++counter}@example.com`;

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      mailer,
      appName: 'Gatehouse Test',
      admin: { enabled: true },
      organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
      twoFactor: { enabled: true, accountLockout: { maxFailedAttempts: 2, durationSeconds: 600 } },
      passkey: {},
      user: {
        changeEmail: { enabled: true, updateEmailWithoutVerification: true },
        deleteUser: { enabled: true },
      },
    });
    admin = server.client();
    const { user } = await admin.signUp(email('admin'));
    await server.database.db
      .updateTable('user')
      .set({ role: 'admin' } as never)
      .where('id', '=', user.id)
      .execute();
    await admin.signIn(`admin-${counter}@example.com`);
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

  it('email: verification sent, verified, change requested and changed', async () => {
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
    // Verified now: a change asks the current address first.
    expect((await client.post('/change-email', { newEmail: email('next') })).status).toBe(200);
    expect(
      (await latest(client, '/security/events', 'user.email_change_requested')).metadata.newEmail,
    ).toMatch(/^next-/);
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
    await admin.post('/admin/ban-user', { userId });
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

  it('organization: every change, read through the organization view', async () => {
    const owner = server.client();
    await owner.signUp(email('owner'));
    const org = (await (
      await owner.post('/organization/create', { name: 'Acme', slug: `acme-${counter}` })
    ).json()) as Json;
    const view = `/organization/events?organizationId=${org.id}`;
    await latest(owner, view, 'organization.created');
    await owner.post('/organization/update', { organizationId: org.id, data: { name: 'Acme 2' } });
    expect((await latest(owner, view, 'organization.updated')).metadata).toEqual({ fields: ['name'] });

    const invitee = server.client();
    const inviteeEmail = email('invitee');
    const { user: inviteeUser } = await invitee.signUp(inviteeEmail);
    const invitation = await invite(owner, org.id, inviteeEmail);
    expect((await latest(owner, view, 'organization.invitation_created')).metadata).toEqual({
      email: inviteeEmail,
      role: 'member',
    });
    await invitee.post('/organization/accept-invitation', { invitationId: invitation.id });
    await latest(owner, view, 'organization.invitation_accepted');
    const members = (await (
      await owner.get(`/organization/list-members?organizationId=${org.id}`)
    ).json()) as Json;
    const member = members.members.find((m: Json) => m.userId === inviteeUser.id);
    await owner.post('/organization/update-member-role', {
      organizationId: org.id,
      memberId: member.id,
      role: 'admin',
    });
    expect((await latest(owner, view, 'organization.member_role_changed')).metadata).toMatchObject({
      from: 'member',
      to: 'admin',
    });

    const second = await invite(owner, org.id, email('x'));
    await owner.post('/organization/cancel-invitation', { invitationId: second.id });
    await latest(owner, view, 'organization.invitation_canceled');
    const refuser = server.client();
    const refuserEmail = email('refuser');
    await refuser.signUp(refuserEmail);
    const third = await invite(owner, org.id, refuserEmail);
    await refuser.post('/organization/reject-invitation', { invitationId: third.id });
    await latest(owner, view, 'organization.invitation_rejected');

    const team = (await (
      await owner.post('/organization/create-team', { organizationId: org.id, name: 'Ops' })
    ).json()) as Json;
    await latest(owner, view, 'organization.team_created');
    await owner.post('/organization/update-team', { teamId: team.id, data: { name: 'SRE' } });
    await latest(owner, view, 'organization.team_updated');
    await owner.post('/organization/add-team-member', { teamId: team.id, userId: inviteeUser.id });
    await latest(owner, view, 'organization.team_member_added');
    await owner.post('/organization/remove-team-member', { teamId: team.id, userId: inviteeUser.id });
    await latest(owner, view, 'organization.team_member_removed');
    await owner.post('/organization/remove-team', { organizationId: org.id, teamId: team.id });
    await latest(owner, view, 'organization.team_deleted');

    await owner.post('/organization/create-role', {
      organizationId: org.id,
      role: 'auditor',
      permission: { auditLog: ['read'] },
    });
    expect((await latest(owner, view, 'organization.role_created')).metadata).toEqual({ role: 'auditor' });
    await owner.post('/organization/update-role', {
      organizationId: org.id,
      roleName: 'auditor',
      data: { permission: { auditLog: ['read'], ac: ['read'] } },
    });
    await latest(owner, view, 'organization.role_updated');
    await owner.post('/organization/delete-role', { organizationId: org.id, roleName: 'auditor' });
    await latest(owner, view, 'organization.role_deleted');

    await server.auth.api.addMember({
      body: { organizationId: org.id, userId: (await refuser.signIn(refuserEmail)).user.id, role: 'member' },
    });
    await latest(owner, view, 'organization.member_added');
    await refuser.post('/organization/leave', { organizationId: org.id });
    expect((await latest(owner, view, 'organization.member_removed')).metadata).toMatchObject({ left: true });
    await owner.post('/organization/remove-member', {
      organizationId: org.id,
      memberIdOrEmail: inviteeEmail,
    });
    expect((await latest(owner, view, 'organization.member_removed')).metadata).toEqual({
      userId: inviteeUser.id,
    });

    await owner.post('/organization/delete', { organizationId: org.id });
    const deleted = await latest(admin, `/admin/events?organizationId=${org.id}`, 'organization.deleted');
    expect(deleted.target).toEqual({ type: 'organization', id: org.id });
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
    // Nothing trusted any more: signing out everywhere again records no second revocation.
    await client.signIn(address);
    await client.post('/two-factor/verify-totp', { code: codeAt(server, key, 60) });
    await client.post('/revoke-sessions');
    const all = (await (
      await admin.get(`/admin/events?type=user.trusted_devices_revoked&targetId=${user.id}`)
    ).json()) as Json;
    expect(all.events).toHaveLength(1);
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

  it('deletion by email: user.deletion_requested, then user.deleted when the link is followed', async () => {
    const emailed = await startTestServer(dialect, {
      mailer,
      user: { deleteUser: { enabled: true, sendVerificationEmail: true } },
      admin: { enabled: true },
    });
    try {
      const client = emailed.client();
      const address = email('confirm');
      const { user } = await client.signUp(address);
      const asked = await client.post('/delete-user', { password: PASSWORD });
      expect(await asked.json()).toEqual({ success: true, message: 'Verification email sent' });
      await latest(client, '/security/events', 'user.deletion_requested');
      expect((await client.get(mailer.lastPath(address, 'account-deletion'))).status).toBeLessThan(400);
      const gone = await emailed.database.db
        .selectFrom('auditEvent')
        .select(['type', 'metadata'])
        .where('targetId', '=', user.id)
        .where('type', '=', 'user.deleted')
        .execute();
      expect(gone).toEqual([{ type: 'user.deleted', metadata: JSON.stringify({ method: 'email' }) }]);
    } finally {
      await emailed.close();
    }
  });

  it('organization two-factor policy: organization.two_factor_policy_changed', async () => {
    const owner = server.client();
    await owner.signUp(email('policy'));
    // Only an owner with two-factor may require it.
    const enable = (await (await owner.post('/two-factor/enable', { password: PASSWORD })).json()) as Json;
    expect(
      (await owner.post('/two-factor/verify-totp', { code: codeAt(server, keyOf(enable.totpURI)) })).status,
    ).toBe(200);
    const org = (await (
      await owner.post('/organization/create', { name: 'Policy', slug: `policy-${counter}` })
    ).json()) as Json;
    const response = await owner.post('/organization/update', {
      organizationId: org.id,
      data: { requireTwoFactor: true },
    });
    expect(response.status).toBe(200);
    const event = await latest(
      owner,
      `/organization/events?organizationId=${org.id}`,
      'organization.two_factor_policy_changed',
    );
    expect(event.metadata).toEqual({ required: true });
  });
});

describe('rate-limit refusals', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {
      admin: { enabled: true },
      rateLimit: { enabled: true, customRules: { '/ok': { window: 60, max: 1 } } },
    });
  });
  afterAll(() => server.close());

  it('records one rate_limit.exceeded per client and route per minute', async () => {
    const client = server.client();
    expect((await client.get('/ok')).status).toBe(200);
    expect((await client.get('/ok')).status).toBe(429);
    expect((await client.get('/ok')).status).toBe(429);
    const rows = await server.database.db
      .selectFrom('auditEvent')
      .selectAll()
      .where('type', '=', 'rate_limit.exceeded')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ outcome: 'failure', errorCode: 'RATE_LIMITED', ip: '127.0.0.1' });
    expect(JSON.parse(rows[0]?.metadata ?? '{}')).toEqual({ path: '/ok' });
  });
});

describe.each(testDialects())('provider account events (%s)', (dialect) => {
  let social: SocialServer;
  beforeAll(async () => {
    social = await startSocialServer(dialect, { session: { freshAge: 600 } });
  });
  afterAll(() => social.close());

  it('account.linked and account.unlinked, with the provider', async () => {
    social.provider.users.lina = { email: 'lina@example.test', email_verified: true, name: 'Lina' };
    const client = social.server.client();
    const { user } = await client.signUp('lina@example.test');
    await social.server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 })
      .where('id', '=', user.id)
      .execute();
    const linked = await socialSignIn(client, 'lina', { callbackURL: '/account' }, '/link-social');
    expect(linked.status).toBe(302);
    expect((await latest(client, '/security/events', 'account.linked')).metadata).toMatchObject({
      provider: 'oidc',
    });
    const accounts = (await (await client.get('/list-accounts')).json()) as Json[];
    const oidc = accounts.find((account) => account.providerId === 'oidc');
    expect((await client.post('/unlink-account', { accountId: oidc.id })).status).toBe(200);
    expect((await latest(client, '/security/events', 'account.unlinked')).metadata).toMatchObject({
      provider: 'oidc',
    });
  });
});

describe('coverage of the event model', () => {
  it('every type the engine can record is produced by a test in this folder', () => {
    const folder = dirname(fileURLToPath(import.meta.url));
    const tests = readdirSync(folder)
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => readFileSync(join(folder, name), 'utf8'))
      .join('\n');
    const untested = AUDIT_EVENT_TYPES.filter(
      (type) => !tests.includes(`'${type}'`) && !tests.includes(`=${type}`),
    );
    expect(untested).toEqual([]);
  });
});
