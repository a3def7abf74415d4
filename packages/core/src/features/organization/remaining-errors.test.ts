/** Error answers not reached by the scenario tests, one route at a time. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { addMember, createOrg, json, type Person, person, startOrgServer } from './test-kit.ts';

describe.each(testDialects())('organization routes: remaining errors (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  let stranger: Person;
  let org: { id: string };
  let teamId: string;
  beforeAll(async () => {
    server = await startOrgServer(dialect);
    owner = await person(server, 'owner');
    stranger = await person(server, 'stranger');
    org = await createOrg(owner);
    teamId = (await json(await owner.client.post('/organization/create-team', { name: 'T' }))).id;
  });
  afterAll(() => server.close());

  const cases: [string, () => Promise<Response>, number, string][] = [
    [
      'update-team by a non-member',
      () =>
        stranger.client.post('/organization/update-team', {
          teamId,
          data: { name: 'x', organizationId: org.id },
        }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
    ],
    [
      'update-team with no organization',
      () => stranger.client.post('/organization/update-team', { teamId, data: { name: 'x' } }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'remove-team by a non-member',
      () => stranger.client.post('/organization/remove-team', { teamId, organizationId: org.id }),
      403,
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
    ],
    [
      'remove-team with no organization',
      () => stranger.client.post('/organization/remove-team', { teamId }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'list-teams with no organization',
      () => stranger.client.get('/organization/list-teams'),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'list-team-members of a missing team',
      () => owner.client.get('/organization/list-team-members?teamId=missing'),
      400,
      'TEAM_NOT_FOUND',
    ],
    [
      'set-active-team with no active organization',
      () => stranger.client.post('/organization/set-active-team', { teamId }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'list-user-teams in an organization of others',
      () => stranger.client.get(`/organization/list-user-teams?organizationId=${org.id}`),
      403,
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    ],
    [
      'list-user-teams of another user, not a member',
      () => stranger.client.get(`/organization/list-user-teams?organizationId=${org.id}&userId=${owner.id}`),
      403,
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    ],
    [
      'add-team-member by a non-member',
      () =>
        stranger.client.post('/organization/add-team-member', {
          teamId,
          userId: owner.id,
          organizationId: org.id,
        }),
      400,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    ],
    [
      'add-team-member to a missing team',
      () => owner.client.post('/organization/add-team-member', { teamId: 'missing', userId: owner.id }),
      400,
      'TEAM_NOT_FOUND',
    ],
    [
      'remove-team-member by a non-member',
      () =>
        stranger.client.post('/organization/remove-team-member', {
          teamId,
          userId: owner.id,
          organizationId: org.id,
        }),
      400,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    ],
    [
      'remove-team-member of a non-member',
      () => owner.client.post('/organization/remove-team-member', { teamId, userId: stranger.id }),
      400,
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    ],
    [
      'remove-team-member from a missing team',
      () => owner.client.post('/organization/remove-team-member', { teamId: 'missing', userId: owner.id }),
      400,
      'TEAM_NOT_FOUND',
    ],
    [
      'remove-member with no organization',
      () => stranger.client.post('/organization/remove-member', { memberIdOrEmail: 'x' }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'remove-member by a non-member',
      () =>
        stranger.client.post('/organization/remove-member', { memberIdOrEmail: 'x', organizationId: org.id }),
      400,
      'MEMBER_NOT_FOUND',
    ],
    [
      'remove-member of a missing member',
      () => owner.client.post('/organization/remove-member', { memberIdOrEmail: 'nobody@example.com' }),
      400,
      'MEMBER_NOT_FOUND',
    ],
    [
      'update-member-role with no organization',
      () => stranger.client.post('/organization/update-member-role', { memberId: 'x', role: 'member' }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'update-member-role by a non-member',
      () =>
        stranger.client.post('/organization/update-member-role', {
          memberId: 'x',
          role: 'member',
          organizationId: org.id,
        }),
      400,
      'MEMBER_NOT_FOUND',
    ],
    [
      'invite-member with no organization',
      () => stranger.client.post('/organization/invite-member', { email: 'a@example.com', role: 'member' }),
      400,
      'ORGANIZATION_NOT_FOUND',
    ],
    [
      'invite-member by a non-member',
      () =>
        stranger.client.post('/organization/invite-member', {
          email: 'a@example.com',
          role: 'member',
          organizationId: org.id,
        }),
      400,
      'MEMBER_NOT_FOUND',
    ],
    [
      'accept a missing invitation',
      () => owner.client.post('/organization/accept-invitation', { invitationId: 'missing' }),
      400,
      'INVITATION_NOT_FOUND',
    ],
    [
      'reject a missing invitation',
      () => owner.client.post('/organization/reject-invitation', { invitationId: 'missing' }),
      400,
      'INVITATION_NOT_FOUND',
    ],
    [
      'get a missing invitation',
      () => owner.client.get('/organization/get-invitation?id=missing'),
      400,
      'INVITATION_NOT_FOUND',
    ],
    [
      'update with no organization',
      () => stranger.client.post('/organization/update', { data: { name: 'x' } }),
      400,
      'ORGANIZATION_NOT_FOUND',
    ],
    [
      'get-organization of a missing organization',
      () => owner.client.get('/organization/get-organization?organizationId=missing'),
      400,
      'ORGANIZATION_NOT_FOUND',
    ],
    [
      'get-active-member-role of a missing slug',
      () => owner.client.get('/organization/get-active-member-role?organizationSlug=missing'),
      400,
      'ORGANIZATION_NOT_FOUND',
    ],
    [
      'get-active-member-role with no organization',
      () => stranger.client.get('/organization/get-active-member-role'),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'list-members of a missing slug',
      () => owner.client.get('/organization/list-members?organizationSlug=missing'),
      400,
      'ORGANIZATION_NOT_FOUND',
    ],
    [
      'list-roles with no organization',
      () => stranger.client.get('/organization/list-roles'),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'get-role by a non-member',
      () => stranger.client.get(`/organization/get-role?organizationId=${org.id}&roleName=x`),
      403,
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    ],
    [
      'update-role by a non-member',
      () =>
        stranger.client.post('/organization/update-role', {
          organizationId: org.id,
          roleName: 'x',
          data: {},
        }),
      403,
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    ],
    [
      'update-role with no organization',
      () => stranger.client.post('/organization/update-role', { roleName: 'x', data: {} }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'delete-role by a non-member',
      () => stranger.client.post('/organization/delete-role', { organizationId: org.id, roleName: 'x' }),
      403,
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
    ],
    [
      'delete-role with no organization',
      () => stranger.client.post('/organization/delete-role', { roleName: 'x' }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
    [
      'has-permission with no organization',
      () => stranger.client.post('/organization/has-permission', { permissions: { ac: ['read'] } }),
      400,
      'NO_ACTIVE_ORGANIZATION',
    ],
  ];

  it.each(cases)('%s', async (_name, call, status, code) => {
    const error = await errorOf(await call());
    expect({ status: error.status, code: error.code }).toEqual({ status, code });
    expect(error.message).toEqual(expect.any(String));
  });

  it('get-active-member when the active organization no longer has the caller', async () => {
    const someone = await person(server, 'someone');
    const memberId = await addMember(server, org.id, someone, 'member');
    await someone.client.post('/organization/set-active', { organizationId: org.id });
    await owner.client.post('/organization/remove-member', { memberIdOrEmail: memberId });
    expect(await errorOf(await someone.client.get('/organization/get-active-member'))).toMatchObject({
      status: 400,
      code: 'MEMBER_NOT_FOUND',
    });
  });
});
