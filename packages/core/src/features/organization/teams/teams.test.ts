import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import {
  addMember,
  createOrg,
  json,
  orgSnapshot,
  type Person,
  person,
  sessionActive,
  startOrgServer,
} from '../test-kit.ts';

describe.each(testDialects())('teams (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  beforeAll(async () => {
    server = await startOrgServer(dialect, {
      teams: { enabled: true, maximumTeams: 3, maximumMembersPerTeam: 2 },
    });
    owner = await person(server, 'owner');
  });
  afterAll(() => server.close());

  it('create, update, list and remove teams, with limits and protections', async () => {
    const org = await createOrg(owner);
    const created = await json(await owner.client.post('/organization/create-team', { name: 'Core' }));
    expect(Object.keys(created)).toEqual(['id', 'name', 'organizationId', 'createdAt', 'updatedAt']);
    expect(created).toMatchObject({ name: 'Core', organizationId: org.id });
    expect(created.updatedAt).toBe(created.createdAt);
    const renamed = await json(
      await owner.client.post('/organization/update-team', { teamId: created.id, data: { name: 'Kernel' } }),
    );
    expect(renamed.name).toBe('Kernel');
    const teams = await json(await owner.client.get('/organization/list-teams'));
    expect(teams.map((t: { name: string }) => t.name)).toEqual(['Acme', 'Kernel']);
    await owner.client.post('/organization/create-team', { name: 'Third' });
    expect(await errorOf(await owner.client.post('/organization/create-team', { name: 'Fourth' }))).toEqual({
      status: 400,
      code: 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS',
      message: 'You have reached the maximum number of teams',
    });
    // The caller's active team cannot be removed by them.
    const active = (await sessionActive(owner.client)).activeTeamId;
    expect(active).toEqual(expect.any(String));
    expect(
      await errorOf(await owner.client.post('/organization/remove-team', { teamId: active })),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM',
    });
    const invitation = await json(
      await owner.client.post('/organization/invite-member', {
        email: 'teamed@example.com',
        role: 'member',
        teamId: [created.id, active],
      }),
    );
    expect(invitation.teamId).toBe(`${created.id},${active}`);
    expect(await json(await owner.client.post('/organization/remove-team', { teamId: created.id }))).toEqual({
      message: 'Team removed successfully.',
    });
    const stored = await server.database.db
      .selectFrom('invitation')
      .select('teamId')
      .where('id', '=', invitation.id)
      .executeTakeFirstOrThrow();
    expect(stored.teamId).toBe(active);
    expect(
      await errorOf(await owner.client.post('/organization/remove-team', { teamId: created.id })),
    ).toMatchObject({
      status: 400,
      code: 'TEAM_NOT_FOUND',
    });
    expect(
      await errorOf(
        await owner.client.post('/organization/update-team', { teamId: 'missing', data: { name: 'x' } }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'TEAM_NOT_FOUND',
    });
    expect(
      (await owner.client.post('/organization/update-team', { teamId: active, data: { name: '' } })).status,
    ).toBe(400);
    expect((await owner.client.post('/organization/create-team', {})).status).toBe(400);

    const stranger = await person(server, 'stranger');
    const before = await orgSnapshot(server);
    expect(
      await errorOf(
        await stranger.client.post('/organization/create-team', { name: 'X', organizationId: org.id }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
    });
    expect(
      await errorOf(await stranger.client.get(`/organization/list-teams?organizationId=${org.id}`)),
    ).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION',
      message: 'You are not allowed to access this organization as an owner',
    });
    expect(
      await errorOf(await stranger.client.post('/organization/create-team', { name: 'X' })),
    ).toMatchObject({
      status: 400,
      code: 'NO_ACTIVE_ORGANIZATION',
    });
    expect(await orgSnapshot(server)).toBe(before);
  });

  it('the last team cannot be removed', async () => {
    const org = await createOrg(owner, { keepCurrentActiveOrganization: true });
    const team = (await json(await owner.client.get(`/organization/list-teams?organizationId=${org.id}`)))[0];
    expect(
      await errorOf(
        await owner.client.post('/organization/remove-team', { teamId: team.id, organizationId: org.id }),
      ),
    ).toEqual({
      status: 400,
      code: 'UNABLE_TO_REMOVE_LAST_TEAM',
      message: 'Unable to remove last team',
    });
  });

  it('team members: add (idempotent, limited), list, remove; set-active-team; list-user-teams', async () => {
    const org = await createOrg(owner);
    const team = await json(await owner.client.post('/organization/create-team', { name: 'Squad' }));
    const a = await person(server, 'a');
    const b = await person(server, 'b');
    const c = await person(server, 'c');
    for (const p of [a, b, c]) await addMember(server, org.id, p, 'member');
    const added = await json(
      await owner.client.post('/organization/add-team-member', { teamId: team.id, userId: a.id }),
    );
    expect(Object.keys(added)).toEqual(['id', 'teamId', 'userId', 'createdAt']);
    const again = await json(
      await owner.client.post('/organization/add-team-member', { teamId: team.id, userId: a.id }),
    );
    expect(again.id).toBe(added.id);
    await owner.client.post('/organization/add-team-member', { teamId: team.id, userId: b.id });
    expect(
      await errorOf(
        await owner.client.post('/organization/add-team-member', { teamId: team.id, userId: c.id }),
      ),
    ).toEqual({
      status: 403,
      code: 'TEAM_MEMBER_LIMIT_REACHED',
      message: 'Team member limit reached',
    });
    expect(
      await errorOf(
        await a.client.post('/organization/add-team-member', {
          teamId: team.id,
          userId: c.id,
          organizationId: org.id,
        }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
    });
    const stranger = await person(server, 'stranger');
    expect(
      await errorOf(
        await owner.client.post('/organization/add-team-member', { teamId: team.id, userId: stranger.id }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });

    await a.client.post('/organization/set-active', { organizationId: org.id });
    const activeTeam = await json(await a.client.post('/organization/set-active-team', { teamId: team.id }));
    expect(activeTeam.id).toBe(team.id);
    expect((await sessionActive(a.client)).activeTeamId).toBe(team.id);
    const members = await json(await a.client.get('/organization/list-team-members'));
    expect(members.map((m: { userId: string }) => m.userId).sort()).toEqual([a.id, b.id].sort());
    expect(
      await errorOf(await c.client.get(`/organization/list-team-members?teamId=${team.id}`)),
    ).toMatchObject({
      status: 400,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
    });
    expect(await errorOf(await c.client.get('/organization/list-team-members'))).toMatchObject({
      status: 400,
      code: 'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM',
    });
    await c.client.post('/organization/set-active', { organizationId: org.id });
    expect(await errorOf(await c.client.post('/organization/set-active-team', { teamId: team.id }))).toEqual({
      status: 403,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
      message: 'User is not a member of the team',
    });
    expect(
      await errorOf(await c.client.post('/organization/set-active-team', { teamId: 'missing' })),
    ).toMatchObject({
      status: 400,
      code: 'TEAM_NOT_FOUND',
    });
    expect(await json(await a.client.post('/organization/set-active-team', { teamId: null }))).toBeNull();
    expect((await sessionActive(a.client)).activeTeamId).toBeNull();

    const mine = await json(await a.client.get('/organization/list-user-teams'));
    expect(mine.map((t: { id: string }) => t.id)).toEqual([team.id]);
    const theirs = await json(await owner.client.get(`/organization/list-user-teams?userId=${b.id}`));
    expect(theirs.map((t: { id: string }) => t.id)).toEqual([team.id]);
    expect(await errorOf(await a.client.get(`/organization/list-user-teams?userId=${b.id}`))).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
    });
    expect(
      await errorOf(await owner.client.get(`/organization/list-user-teams?userId=${stranger.id}`)),
    ).toMatchObject({
      status: 400,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    });

    expect(
      await errorOf(
        await a.client.post('/organization/remove-team-member', { teamId: team.id, userId: b.id }),
      ),
    ).toMatchObject({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
    });
    expect(
      await json(
        await owner.client.post('/organization/remove-team-member', { teamId: team.id, userId: b.id }),
      ),
    ).toEqual({
      message: 'Team member removed successfully.',
    });
    expect(
      await errorOf(
        await owner.client.post('/organization/remove-team-member', { teamId: team.id, userId: b.id }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
    });
    expect((await owner.client.post('/organization/remove-team-member', { teamId: team.id })).status).toBe(
      400,
    );
  });

  it('team routes are not routed when teams are off', async () => {
    const off = await startOrgServer('sqlite', {
      teams: { enabled: false },
      dynamicAccessControl: { enabled: false },
    });
    const someone = await person(off);
    await createOrg(someone);
    expect((await someone.client.post('/organization/create-team', { name: 'x' })).status).toBe(404);
    expect((await someone.client.get('/organization/list-roles')).status).toBe(404);
    const session = await json(await someone.client.get('/get-session'));
    expect('activeTeamId' in session.session).toBe(false);
    expect(session.session.activeOrganizationId).toEqual(expect.any(String));
    await off.close();
  });
});
