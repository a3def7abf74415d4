import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaptureMailer } from '../../../testing/capture-mailer.ts';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import {
  addMember,
  createOrg,
  freshEmail,
  json,
  orgSnapshot,
  type Person,
  person,
  sessionActive,
  startOrgServer,
} from '../test-kit.ts';

const INVITATION_KEYS = [
  'id',
  'organizationId',
  'email',
  'role',
  'teamId',
  'status',
  'expiresAt',
  'createdAt',
  'inviterId',
];

describe.each(testDialects())('invitations (%s)', (dialect) => {
  let server: TestServer;
  const mailer = new CaptureMailer();
  let owner: Person;
  let org: { id: string; slug: string };
  beforeAll(async () => {
    server = await startOrgServer(dialect, {}, { mailer });
    owner = await person(server, 'owner');
    org = await createOrg(owner);
  });
  afterAll(() => server.close());

  const invite = (who: Person, body: Record<string, unknown>) =>
    who.client.post('/organization/invite-member', { organizationId: org.id, ...body });

  it('invite stores a pending invitation, mails a link, and the recipient accepts it', async () => {
    const invitee = await person(server, 'invitee');
    const response = await invite(owner, { email: invitee.email.toUpperCase(), role: 'admin' });
    expect(response.status).toBe(200);
    const invitation = await json(response);
    expect(Object.keys(invitation)).toEqual(INVITATION_KEYS);
    expect(invitation).toMatchObject({
      email: invitee.email,
      role: 'admin',
      status: 'pending',
      teamId: null,
      inviterId: owner.id,
    });
    expect(new Date(invitation.expiresAt).getTime() - server.clock.now()).toBe(172_800_000);
    const message = mailer.last(invitee.email, 'invitation');
    expect(message.link).toBe(`${server.url}/accept-invitation/${invitation.id}`);
    expect(message.text).toContain('Acme');
    expect(message.text).toContain('admin');

    const read = await json(await invitee.client.get(`/organization/get-invitation?id=${invitation.id}`));
    expect(read).toMatchObject({
      id: invitation.id,
      organizationName: 'Acme',
      organizationSlug: org.slug,
      inviterEmail: owner.email,
    });

    const accepted = await json(
      await invitee.client.post('/organization/accept-invitation', { invitationId: invitation.id }),
    );
    expect(accepted.invitation.status).toBe('accepted');
    expect(accepted.member).toMatchObject({ userId: invitee.id, role: 'admin', organizationId: org.id });
    expect((await sessionActive(invitee.client)).activeOrganizationId).toBe(org.id);
    // Accepting again: the invitation is no longer pending, and there is still one member row.
    expect(
      await errorOf(
        await invitee.client.post('/organization/accept-invitation', { invitationId: invitation.id }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'INVITATION_NOT_FOUND',
    });
    const rows = await server.database.db
      .selectFrom('member')
      .selectAll()
      .where('userId', '=', invitee.id)
      .execute();
    expect(rows).toHaveLength(1);
    // Canceling an accepted invitation leaves it accepted.
    const canceled = await json(
      await owner.client.post('/organization/cancel-invitation', { invitationId: invitation.id }),
    );
    expect(canceled.status).toBe('accepted');
  });

  it('the invitation email is in the inviter’s language (the invitee has sent no request)', async () => {
    const invitee = freshEmail();
    const response = await owner.client.post(
      '/organization/invite-member',
      { organizationId: org.id, email: invitee, role: 'member' },
      { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' } },
    );
    expect(response.status).toBe(200);
    const message = mailer.last(invitee, 'invitation');
    expect(message.subject).toBe('Invitation à rejoindre Acme');
    expect(message.text).toContain('vous invite à rejoindre Acme avec le rôle membre.');
    expect(message.html).toContain('<html lang="fr">');
  });

  it('a second invitation to someone already a member is refused; accepting an old one adds no second row', async () => {
    const invitee = await person(server, 'twice');
    const first = await json(await invite(owner, { email: invitee.email, role: 'member' }));
    // A member joins by another way while the invitation is pending.
    await addMember(server, org.id, invitee, 'member');
    expect(
      await errorOf(await invite(owner, { email: freshEmail(), role: 'member', organizationId: 'nope' })),
    ).toMatchObject({
      status: 400,
      code: 'MEMBER_NOT_FOUND',
    });
    expect(await errorOf(await invite(owner, { email: invitee.email, role: 'member' }))).toMatchObject({
      status: 400,
      code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    const accepted = await json(
      await invitee.client.post('/organization/accept-invitation', { invitationId: first.id }),
    );
    expect(accepted.invitation.status).toBe('accepted');
    const rows = await server.database.db
      .selectFrom('member')
      .selectAll()
      .where('userId', '=', invitee.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('invite refuses bad input, unknown roles, duplicates and callers without the right, writing nothing', async () => {
    const plain = await person(server, 'plain');
    await addMember(server, org.id, plain, 'member');
    const admin = await person(server, 'admin');
    await addMember(server, org.id, admin, 'admin');
    const email = freshEmail('dup');
    await invite(owner, { email, role: 'member' });
    const before = await orgSnapshot(server);
    expect(await errorOf(await invite(owner, { email: 'not-an-email', role: 'member' }))).toEqual({
      status: 400,
      code: 'INVALID_EMAIL',
      message: 'Invalid email',
    });
    expect(await errorOf(await invite(owner, { email: freshEmail(), role: 'wizard, member' }))).toEqual({
      status: 400,
      code: 'ROLE_NOT_FOUND',
      message: 'ROLE_NOT_FOUND: wizard',
    });
    expect(await errorOf(await invite(owner, { email: freshEmail(), role: ' , ' }))).toMatchObject({
      status: 400,
      code: 'ROLE_NOT_FOUND',
    });
    expect(await errorOf(await invite(plain, { email: freshEmail(), role: 'member' }))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
      message: 'You are not allowed to invite users to this organization',
    });
    expect(await errorOf(await invite(admin, { email: freshEmail(), role: 'owner' }))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
    });
    expect(await errorOf(await invite(owner, { email, role: 'member' }))).toMatchObject({
      status: 400,
      code: 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION',
    });
    expect(
      await errorOf(await invite(owner, { email: freshEmail(), role: 'member', teamId: 'a,b' })),
    ).toMatchObject({
      status: 400,
      code: 'INVALID_TEAM_ID',
    });
    expect(
      await errorOf(await invite(owner, { email: freshEmail(), role: 'member', teamId: 'missing' })),
    ).toMatchObject({
      status: 400,
      code: 'TEAM_NOT_FOUND',
    });
    expect((await invite(owner, { email: freshEmail(), role: 5 })).status).toBe(400);
    expect((await invite(owner, { role: 'member' })).status).toBe(400);
    expect((await invite(owner, { email: `${'x'.repeat(300)}@example.com`, role: 'member' })).status).toBe(
      400,
    );
    expect(await orgSnapshot(server)).toBe(before);
  });

  it('resend keeps the id and pushes the expiry; expired invitations cannot be accepted but can be rejected', async () => {
    const invitee = await person(server, 'late');
    const first = await json(await invite(owner, { email: invitee.email, role: 'member' }));
    server.clock.advance(3600);
    const again = await json(await invite(owner, { email: invitee.email, role: 'admin', resend: true }));
    expect(again.id).toBe(first.id);
    expect(again.role).toBe('member');
    expect(new Date(again.expiresAt).getTime()).toBeGreaterThan(new Date(first.expiresAt).getTime());
    server.clock.advance(172_801);
    expect(
      await errorOf(await invitee.client.post('/organization/accept-invitation', { invitationId: first.id })),
    ).toMatchObject({
      status: 400,
      code: 'INVITATION_NOT_FOUND',
    });
    expect(
      await errorOf(await invitee.client.get(`/organization/get-invitation?id=${first.id}`)),
    ).toMatchObject({
      status: 400,
      code: 'INVITATION_NOT_FOUND',
    });
    const rejected = await json(
      await invitee.client.post('/organization/reject-invitation', { invitationId: first.id }),
    );
    expect(rejected).toMatchObject({ invitation: { status: 'rejected' }, member: null });
    expect(
      await errorOf(await invitee.client.post('/organization/reject-invitation', { invitationId: first.id })),
    ).toEqual({
      status: 400,
      code: 'INVITATION_NOT_FOUND',
      message: 'Invitation not found!',
    });
  });

  it('resend renews only an invitation whose roles the caller could grant anew (403, nothing renewed or mailed)', async () => {
    const admin = await person(server, 'resender');
    await addMember(server, org.id, admin, 'admin');
    const created = await owner.client.post('/organization/create-role', {
      organizationId: org.id,
      role: 'closer',
      permission: { organization: ['delete'] },
    });
    expect(created.status).toBe(200);
    const email = freshEmail('closer');
    const first = await json(await invite(owner, { email, role: 'closer' }));
    // The admin lacks organization:delete, so could not send this invitation; asking for a role they may
    // give does not let them renew it either.
    expect(await errorOf(await invite(admin, { email, role: 'closer' }))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
      message: 'You are not allowed to invite a user with this role',
    });
    server.clock.advance(3600);
    const mails = mailer.sent.length;
    const before = await orgSnapshot(server);
    expect(await errorOf(await invite(admin, { email, role: 'member', resend: true }))).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE',
      message: 'You are not allowed to invite a user with this role',
    });
    expect(await orgSnapshot(server)).toBe(before);
    expect(mailer.sent.length).toBe(mails);
    // The owner may, and a renewal by the admin of an invitation within their rights still works.
    const renewed = await json(await invite(owner, { email, role: 'member', resend: true }));
    expect([renewed.id, renewed.role]).toEqual([first.id, 'closer']);
    expect(new Date(renewed.expiresAt).getTime()).toBeGreaterThan(new Date(first.expiresAt).getTime());
    const plainEmail = freshEmail('plain-resend');
    const plain = await json(await invite(owner, { email: plainEmail, role: 'member' }));
    expect((await json(await invite(admin, { email: plainEmail, role: 'member', resend: true }))).id).toBe(
      plain.id,
    );
  });

  it('a resend whose mail is refused leaves the invitation as it was (502, expiry not pushed)', async () => {
    const email = freshEmail('bounced-resend');
    await json(await invite(owner, { email, role: 'member' }));
    server.clock.advance(3600);
    const before = await orgSnapshot(server);
    mailer.failWith = new Error('smtp down');
    try {
      expect(await errorOf(await invite(owner, { email, role: 'member', resend: true }))).toMatchObject({
        status: 502,
        code: 'FAILED_TO_SEND_EMAIL',
      });
    } finally {
      mailer.failWith = null;
    }
    expect(await orgSnapshot(server)).toBe(before);
  });

  it('the wrong recipient is refused; cancel needs invitation:cancel and keeps canceled invitations canceled', async () => {
    const invitee = await person(server, 'target');
    const stranger = await person(server, 'stranger');
    const plain = await person(server, 'plain2');
    await addMember(server, org.id, plain, 'member');
    const invitation = await json(await invite(owner, { email: invitee.email, role: 'member' }));
    for (const path of ['/organization/accept-invitation', '/organization/reject-invitation']) {
      expect(await errorOf(await stranger.client.post(path, { invitationId: invitation.id }))).toEqual({
        status: 403,
        code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
        message: 'You are not the recipient of the invitation',
      });
    }
    expect(
      await errorOf(await stranger.client.get(`/organization/get-invitation?id=${invitation.id}`)),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION',
    });
    // Owners (and admins) may read their organization's invitations.
    expect((await json(await owner.client.get(`/organization/get-invitation?id=${invitation.id}`))).id).toBe(
      invitation.id,
    );
    expect(
      await errorOf(await server.client().get(`/organization/get-invitation?id=${invitation.id}`)),
    ).toEqual({
      status: 401,
      code: 'NOT_AUTHENTICATED',
      message: 'Not authenticated',
    });
    expect(
      await errorOf(
        await stranger.client.post('/organization/cancel-invitation', { invitationId: invitation.id }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'MEMBER_NOT_FOUND',
    });
    expect(
      await errorOf(
        await plain.client.post('/organization/cancel-invitation', { invitationId: invitation.id }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
    });
    const canceled = await json(
      await owner.client.post('/organization/cancel-invitation', { invitationId: invitation.id }),
    );
    expect(canceled.status).toBe('canceled');
    expect(
      await errorOf(
        await invitee.client.post('/organization/accept-invitation', { invitationId: invitation.id }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'INVITATION_NOT_FOUND',
    });
    expect(
      await errorOf(await owner.client.post('/organization/cancel-invitation', { invitationId: 'missing' })),
    ).toMatchObject({
      status: 400,
      code: 'INVITATION_NOT_FOUND',
    });
    expect((await owner.client.post('/organization/cancel-invitation', {})).status).toBe(400);
  });

  it('list-invitations follows the visibility rule; list-user-invitations needs a verified email', async () => {
    const admin = await person(server, 'lister');
    await addMember(server, org.id, admin, 'admin');
    const plain = await person(server, 'plain3');
    await addMember(server, org.id, plain, 'member');
    const invitee = await person(server, 'listed');
    await invite(owner, { email: invitee.email, role: 'owner' });
    await invite(owner, { email: freshEmail(), role: 'member' });
    const asOwner = await json(
      await owner.client.get(`/organization/list-invitations?organizationId=${org.id}`),
    );
    const asAdmin = await json(
      await admin.client.get(`/organization/list-invitations?organizationId=${org.id}`),
    );
    expect(asOwner.some((i: { role: string }) => i.role === 'owner')).toBe(true);
    expect(asAdmin.some((i: { role: string }) => i.role === 'owner')).toBe(false);
    expect(asAdmin.length).toBeGreaterThan(0);
    expect(
      await errorOf(await plain.client.get(`/organization/list-invitations?organizationId=${org.id}`)),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS',
    });
    expect(
      await errorOf(await invitee.client.get(`/organization/list-invitations?organizationId=${org.id}`)),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    });
    expect(await errorOf(await invitee.client.get('/organization/list-invitations'))).toMatchObject({
      status: 400,
      code: 'ORGANIZATION_ID_REQUIRED',
    });
    const full = await json(
      await plain.client.get(`/organization/get-full-organization?organizationId=${org.id}`),
    );
    expect(full.invitations).toEqual([]);

    expect(await errorOf(await invitee.client.get('/organization/list-user-invitations'))).toMatchObject({
      status: 403,
      code: 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION',
    });
    await server.database.db
      .updateTable('user')
      .set({ emailVerified: 1 })
      .where('id', '=', invitee.id)
      .execute();
    await invitee.client.signIn(invitee.email);
    const mine = await json(await invitee.client.get('/organization/list-user-invitations'));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ email: invitee.email, organizationName: 'Acme' });
    expect(
      await errorOf(await invitee.client.get(`/organization/list-user-invitations?email=${invitee.email}`)),
    ).toMatchObject({
      status: 400,
      code: 'EMAIL_NOT_ALLOWED_FROM_CLIENT',
    });
    expect(await errorOf(await server.client().get('/organization/list-user-invitations'))).toMatchObject({
      status: 400,
      code: 'MISSING_SESSION_OR_EMAIL',
    });
  });
});

describe('invitation limits, teams and verification', () => {
  it('invitationLimit, membershipLimit and team invitations', async () => {
    const server = await startOrgServer('sqlite', {
      invitationLimit: 1,
      membershipLimit: 2,
      requireEmailVerificationOnInvitation: true,
    });
    const owner = await person(server, 'owner');
    const org = await createOrg(owner);
    const team = await json(
      await owner.client.post('/organization/create-team', { name: 'Core', organizationId: org.id }),
    );
    const a = await person(server, 'a');
    const b = await person(server, 'b');
    const first = await json(
      await owner.client.post('/organization/invite-member', {
        organizationId: org.id,
        email: a.email,
        role: 'member',
        teamId: team.id,
      }),
    );
    expect(first.teamId).toBe(team.id);
    expect(
      await errorOf(
        await owner.client.post('/organization/invite-member', {
          organizationId: org.id,
          email: b.email,
          role: 'member',
        }),
      ),
    ).toEqual({
      status: 403,
      code: 'INVITATION_LIMIT_REACHED',
      message: 'Invitation limit reached',
    });
    expect(
      await errorOf(await a.client.post('/organization/accept-invitation', { invitationId: first.id })),
    ).toMatchObject({
      status: 403,
      code: 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
    });
    await server.database.db.updateTable('user').set({ emailVerified: 1 }).execute();
    await a.client.post('/sign-in/email', { email: a.email, password: 'correct horse battery' });
    await json(await a.client.post('/organization/accept-invitation', { invitationId: first.id }));
    const active = await sessionActive(a.client);
    expect(active).toMatchObject({ activeOrganizationId: org.id, activeTeamId: team.id });
    const onTeam = await server.database.db
      .selectFrom('teamMember')
      .selectAll()
      .where('teamId', '=', team.id)
      .execute();
    expect(onTeam.map((r) => r.userId)).toEqual([a.id]);

    const second = await json(
      await owner.client.post('/organization/invite-member', {
        organizationId: org.id,
        email: b.email,
        role: 'member',
      }),
    );
    await b.client.post('/sign-in/email', { email: b.email, password: 'correct horse battery' });
    expect(
      await errorOf(await b.client.post('/organization/accept-invitation', { invitationId: second.id })),
    ).toEqual({
      status: 403,
      code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
      message: 'Organization membership limit reached',
    });
    const stored = await server.database.db
      .selectFrom('invitation')
      .select('status')
      .where('id', '=', second.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
    await server.close();
  });
});
