import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../../testing/test-server.ts';
import { addMember, createOrg, json, type Person, person, startOrgServer } from '../test-kit.ts';

describe.each(testDialects())('GET /organization/list-member-teams (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  beforeAll(async () => {
    server = await startOrgServer(dialect, { teams: { enabled: true } });
    owner = await person(server, 'owner');
  });
  afterAll(() => server.close());

  it('answers every member’s team ids, by team name, for this organization only', async () => {
    const org = await createOrg(owner);
    const ada = await person(server, 'ada');
    const bob = await person(server, 'bob');
    await addMember(server, org.id, ada, 'member');
    await addMember(server, org.id, bob, 'admin');
    const team = async (name: string) =>
      (await json(await owner.client.post('/organization/create-team', { name, organizationId: org.id }))).id;
    const zeta = await team('Zeta');
    const alpha = await team('Alpha');
    for (const [teamId, who] of [
      [zeta, ada],
      [alpha, ada],
      [alpha, bob],
    ] as const) {
      const added = await owner.client.post('/organization/add-team-member', { teamId, userId: who.id });
      expect(added.status).toBe(200);
    }
    // Another organization's teams stay out.
    const other = await createOrg(owner);
    const otherTeam = await json(
      await owner.client.post('/organization/create-team', { name: 'Elsewhere', organizationId: other.id }),
    );
    await owner.client.post('/organization/add-team-member', { teamId: otherTeam.id, userId: owner.id });

    const answer = await json(
      await owner.client.get(`/organization/list-member-teams?organizationId=${org.id}`),
    );
    // The owner is in the default team the organization was created with.
    expect(answer.teams[ada.id]).toEqual([alpha, zeta]);
    expect(answer.teams[bob.id]).toEqual([alpha]);
    expect(answer.teams[owner.id]).toHaveLength(1);
    expect(answer.teams[owner.id]).not.toContain(otherTeam.id);
    // An admin (member:update) may read it too.
    expect((await bob.client.get(`/organization/list-member-teams?organizationId=${org.id}`)).status).toBe(
      200,
    );
  });

  it('refuses a plain member, a non-member, no organization and no session', async () => {
    const org = await createOrg(owner);
    const member = await person(server, 'plain');
    await addMember(server, org.id, member, 'member');
    expect(
      await errorOf(await member.client.get(`/organization/list-member-teams?organizationId=${org.id}`)),
    ).toEqual({
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      message: 'You are not allowed to update this member',
    });
    const stranger = await person(server, 'stranger');
    expect(
      (await errorOf(await stranger.client.get(`/organization/list-member-teams?organizationId=${org.id}`)))
        .code,
    ).toBe('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    expect((await errorOf(await stranger.client.get('/organization/list-member-teams'))).code).toBe(
      'NO_ACTIVE_ORGANIZATION',
    );
    expect((await errorOf(await server.client().get('/organization/list-member-teams'))).status).toBe(401);
    expect(
      (await errorOf(await owner.client.get('/organization/list-member-teams?organizationId=a%00b'))).status,
    ).toBe(400);
  });
});
