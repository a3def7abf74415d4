import { describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../../testing/capture-mailer.ts';
import { errorOf } from '../../../testing/test-server.ts';
import { addMember, createOrg, json, person, startOrgServer } from '../test-kit.ts';

describe('invitation options and edge cases', () => {
  it('cancelPendingInvitationsOnReInvite replaces the pending invitation', async () => {
    const server = await startOrgServer('sqlite', { cancelPendingInvitationsOnReInvite: true });
    const owner = await person(server, 'owner');
    await createOrg(owner);
    const first = await json(
      await owner.client.post('/organization/invite-member', { email: 'r@example.com', role: 'member' }),
    );
    const second = await json(
      await owner.client.post('/organization/invite-member', { email: 'r@example.com', role: 'admin' }),
    );
    expect(second.id).not.toBe(first.id);
    const statuses = await server.database.db
      .selectFrom('invitation')
      .select(['id', 'status'])
      .orderBy('createdAt')
      .execute();
    expect(statuses.find((r) => r.id === first.id)?.status).toBe('canceled');
    expect(statuses.find((r) => r.id === second.id)?.status).toBe('pending');
    await server.close();
  });

  it('requireEmailVerificationOnInvitation gates get, accept and reject for unverified recipients', async () => {
    const server = await startOrgServer('sqlite', { requireEmailVerificationOnInvitation: true });
    const owner = await person(server, 'owner');
    await createOrg(owner);
    const invitee = await person(server, 'invitee');
    const invitation = await json(
      await owner.client.post('/organization/invite-member', { email: invitee.email, role: 'member' }),
    );
    expect(
      await errorOf(await invitee.client.get(`/organization/get-invitation?id=${invitation.id}`)),
    ).toEqual({
      status: 403,
      code: 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
      message: 'Email verification required to view or list invitations for the session email',
    });
    expect(
      await errorOf(
        await invitee.client.post('/organization/reject-invitation', { invitationId: invitation.id }),
      ),
    ).toEqual({
      status: 403,
      code: 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
      message: 'Email verification required before accepting or rejecting invitation',
    });
    await server.close();
  });

  it('get-invitation refuses when the inviter left; a failing mailer answers 502', async () => {
    const mailer = new CaptureMailer();
    const server = await startOrgServer('sqlite', {}, { mailer });
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const admin = await person(server, 'admin');
    await addMember(server, org.id, admin, 'admin');
    const invitee = await person(server, 'invitee');
    const invitation = await json(
      await admin.client.post('/organization/invite-member', {
        organizationId: org.id,
        email: invitee.email,
        role: 'member',
      }),
    );
    await admin.client.post('/organization/leave', { organizationId: org.id });
    expect(
      await errorOf(await invitee.client.get(`/organization/get-invitation?id=${invitation.id}`)),
    ).toEqual({
      status: 400,
      code: 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
      message: 'Inviter is no longer a member of the organization',
    });
    mailer.failWith = new Error('smtp down');
    expect(
      await errorOf(
        await owner.client.post('/organization/invite-member', { email: 'z@example.com', role: 'member' }),
      ),
    ).toMatchObject({
      status: 502,
      code: 'FAILED_TO_SEND_EMAIL',
    });
    expect(
      await server.database.db
        .selectFrom('invitation')
        .selectAll()
        .where('email', '=', 'z@example.com')
        .execute(),
    ).toEqual([]);
    await server.close();
  });

  it('team member limits apply at invite and at accept', async () => {
    const server = await startOrgServer('sqlite', { teams: { enabled: true, maximumMembersPerTeam: 1 } });
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const full = (await json(await owner.client.get('/organization/list-teams')))[0];
    expect(
      await errorOf(
        await owner.client.post('/organization/invite-member', {
          email: 'a@example.com',
          role: 'member',
          teamId: full.id,
        }),
      ),
    ).toEqual({
      status: 403,
      code: 'TEAM_MEMBER_LIMIT_REACHED',
      message: 'Team member limit reached',
    });
    const team = await json(await owner.client.post('/organization/create-team', { name: 'Small' }));
    const a = await person(server, 'a');
    const b = await person(server, 'b');
    const ia = await json(
      await owner.client.post('/organization/invite-member', {
        email: a.email,
        role: 'member',
        teamId: team.id,
      }),
    );
    const ib = await json(
      await owner.client.post('/organization/invite-member', {
        email: b.email,
        role: 'member',
        teamId: team.id,
      }),
    );
    expect((await a.client.post('/organization/accept-invitation', { invitationId: ia.id })).status).toBe(
      200,
    );
    expect(
      await errorOf(await b.client.post('/organization/accept-invitation', { invitationId: ib.id })),
    ).toMatchObject({
      status: 403,
      code: 'TEAM_MEMBER_LIMIT_REACHED',
    });
    // The failed acceptance rolled back: still pending, and no member row.
    const stored = await server.database.db
      .selectFrom('invitation')
      .select('status')
      .where('id', '=', ib.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
    expect(
      await server.database.db
        .selectFrom('member')
        .selectAll()
        .where('userId', '=', b.id)
        .where('organizationId', '=', org.id)
        .execute(),
    ).toEqual([]);
    await server.close();
  });
});
