/**
 * Organization routes read the caller's membership and the organization's stored roles first, and
 * get-full-organization its members, invitations and teams; on PostgreSQL the reads arriving
 * together share one query (db/hot-read.ts). Whatever the batching,
 * each request must be judged on its own membership and its own organization's roles, and read
 * its own organization: a member of one organization asking about another, in the same batch as
 * that organization's members, is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import { addMember, createOrg, json, type Person, person, startOrgServer } from './test-kit.ts';

type Grant = readonly [resource: string, action: string];
/** One action a custom role grants per organization; the owner holds all three, so may grant them. */
const GRANTS: readonly Grant[] = [
  ['invitation', 'create'],
  ['invitation', 'cancel'],
  ['team', 'create'],
];

describe.each(testDialects())('organization callers arriving together (%s)', (dialect) => {
  let server: TestServer;
  /** Three organizations, each with an owner and a member holding the organization's own role. */
  const organizations: { id: string; owner: Person; member: Person; grants: Grant }[] = [];
  beforeAll(async () => {
    server = await startOrgServer(dialect);
    // Each organization's custom role grants another action, so a mixed-up role set shows.
    for (const grants of GRANTS) {
      const owner = await person(server, 'owner');
      const member = await person(server, 'member');
      const org = await createOrg(owner);
      const created = await owner.client.post('/organization/create-role', {
        organizationId: org.id,
        role: 'helper',
        permission: { [grants[0]]: [grants[1]] },
      });
      expect(created.status).toBe(200);
      await addMember(server, org.id, member, 'helper');
      organizations.push({ id: org.id, owner, member, grants });
    }
  });
  afterAll(() => server.close());

  const asks = (who: Person, organizationId: string, [resource, action]: Grant) =>
    who.client.post('/organization/has-permission', {
      organizationId,
      permissions: { [resource]: [action] },
    });

  it('answers each member from their own organization’s roles, twice over', async () => {
    const expected: boolean[] = [];
    const requests: Promise<Response>[] = [];
    for (let round = 0; round < 2; round++) {
      for (const org of organizations) {
        for (const grant of GRANTS) {
          requests.push(asks(org.member, org.id, grant));
          expected.push(grant === org.grants);
        }
      }
    }
    const answers = await Promise.all(requests);
    const granted = await Promise.all(answers.map(async (answer) => (await json(answer)).success));
    expect(granted).toEqual(expected);
  });

  it('answers get-full-organization together exactly as it answers each alone', async () => {
    // Something in every list: a team with a member and an invitation per organization.
    for (const org of organizations) {
      const team = await json(
        await org.owner.client.post('/organization/create-team', { organizationId: org.id, name: 'Crew' }),
      );
      const added = await org.owner.client.post('/organization/add-team-member', {
        teamId: team.id,
        userId: org.member.id,
      });
      expect(added.status).toBe(200);
      const invited = await org.owner.client.post('/organization/invite-member', {
        organizationId: org.id,
        email: `invitee-${org.grants.join('-')}@example.com`,
        role: 'member',
      });
      expect(invited.status).toBe(200);
    }
    const askers = organizations.flatMap((org) => [org.owner, org.member].map((who) => ({ who, org })));
    const read = ({ who, org }: (typeof askers)[number]) =>
      who.client.get(`/organization/get-full-organization?organizationId=${org.id}`).then(json);
    const alone = [];
    for (const asker of askers) alone.push(await read(asker));
    for (const [i, answer] of alone.entries()) {
      const { org } = askers[i] as (typeof askers)[number];
      expect(answer.id).toBe(org.id);
      expect(answer.members).toHaveLength(2);
      expect(answer.teams.find((team: { name: string }) => team.name === 'Crew')).toMatchObject({
        memberCount: 1,
      });
    }
    const together = await Promise.all([...askers, ...askers].map(read));
    expect(together).toEqual([...alone, ...alone]);
  });

  it('refuses a non-member asking in the same batch as the organization’s members', async () => {
    const [first, second] = organizations as [(typeof organizations)[0], (typeof organizations)[0]];
    const [stranger, owner, member] = await Promise.all([
      asks(second.member, first.id, second.grants),
      asks(first.owner, first.id, second.grants),
      asks(first.member, first.id, first.grants),
    ]);
    expect(await errorOf(stranger)).toEqual({
      status: 401,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      message: 'User is not a member of the organization',
    });
    expect((await json(owner)).success).toBe(true);
    expect((await json(member)).success).toBe(true);
  });
});
