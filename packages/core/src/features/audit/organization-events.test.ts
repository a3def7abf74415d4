/**
 * Every organization change, read back through the organization view (and the admin view once
 * the organization is gone): members, roles, invitations, teams, custom roles, settings and the
 * two-factor policy, and the memberships that end when an admin deletes a member's account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';
import { codeAt, keyOf } from '../two-factor/test-kit.ts';
import { coverageCheck, eventReads, signedInAdmin } from './test-kit.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read into answers of many shapes.
type Json = any;
const PASSWORD = 'correct horse battery';

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

describe.each(testDialects())('organization events (%s)', (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let counter = 0;
  const email = (tag: string) => `${tag}-${++counter}@example.com`;
  const { latest } = eventReads(dialect);

  beforeAll(async () => {
    server = await startTestServer(dialect, {
      admin: { enabled: true },
      organization: { enabled: true, teams: { enabled: true }, dynamicAccessControl: { enabled: true } },
      twoFactor: { enabled: true },
    });
    admin = (await signedInAdmin(server, email('admin'))).client;
  });
  afterAll(() => server.close());

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

  it('an admin deleting a member’s account: organization.member_removed in each of their organizations', async () => {
    const owner = server.client();
    await owner.signUp(email('keeper'));
    const member = server.client();
    const memberEmail = email('leaver');
    const { user } = await member.signUp(memberEmail);
    const organizations: string[] = [];
    for (const name of ['First', 'Second']) {
      const org = (await (
        await owner.post('/organization/create', { name, slug: `${name.toLowerCase()}-${counter}` })
      ).json()) as Json;
      const invitation = await invite(owner, org.id, memberEmail);
      expect(
        (await member.post('/organization/accept-invitation', { invitationId: invitation.id })).status,
      ).toBe(200);
      organizations.push(org.id);
    }
    expect((await admin.post('/admin/remove-user', { userId: user.id })).status).toBe(200);
    for (const organizationId of organizations) {
      const removed = await latest(
        owner,
        `/organization/events?organizationId=${organizationId}`,
        'organization.member_removed',
      );
      expect(removed).toMatchObject({
        actor: { type: 'admin' },
        target: { type: 'member' },
        organizationId,
        metadata: { userId: user.id, userDeleted: true },
      });
    }
  });
});

coverageCheck(import.meta.url);
