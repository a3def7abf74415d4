import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionRequest } from '../../../access/access-control.ts';
import type { ErrorCode } from '../../../errors.ts';
import type { OrganizationMembership } from '../../../ports/organization-membership.ts';
import { present } from '../../../testing/present.ts';
import { testDialects } from '../../../testing/test-database.ts';
import { testRequest } from '../../../testing/test-request.ts';
import type { TestServer } from '../../../testing/test-server.ts';
import { findUserById } from '../../../user/user.repository.ts';
import { userFromRow } from '../../../user/user.ts';
import { enrolled } from '../../two-factor/test-kit.ts';
import { addMember, createOrg, json, orgSnapshot, type Person, person, startOrgServer } from '../test-kit.ts';

/**
 * `auth.ports.membership` as SSO, organization keys and webhooks will call it from outside the
 * feature: on a real engine, each answer checked against what the organization's routes say.
 */
const MEMBERSHIP_LIMIT = 4;
const TEAM_SEATS = 2;
const DENIED: ErrorCode = 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION';
const UPDATE: PermissionRequest = { organization: ['update'] };

describe.each(testDialects())('the membership port (%s)', (dialect) => {
  let server: TestServer;
  let port: OrganizationMembership;
  beforeAll(async () => {
    server = await startOrgServer(
      dialect,
      { membershipLimit: MEMBERSHIP_LIMIT, teams: { enabled: true, maximumMembersPerTeam: TEAM_SEATS } },
      { twoFactor: { enabled: true } },
    );
    port = present(server.context.ports.membership);
  });
  afterAll(() => server.close());

  const userOf = async (who: { id: string }) =>
    userFromRow(
      present(await findUserById(server.database.db, who.id)),
      server.auth.options.additionalFields,
    );
  const mayAct = async (who: Person, organizationId: string, permission: PermissionRequest = UPDATE) =>
    port.mayAct(server.context, await userOf(who), { organizationId, permission, denied: DENIED });
  /** What has-permission answers the same person for the same request: the route's own verdict. */
  const routeSays = async (who: Person, organizationId: string, permissions: PermissionRequest = UPDATE) =>
    json(await who.client.post('/organization/has-permission', { organizationId, permissions }));

  describe('memberOf', () => {
    it('answers the member with their roles, or undefined outside and for an unknown organization', async () => {
      const owner = await person(server, 'owner');
      const org = await createOrg(owner);
      const both = await person(server, 'both');
      const memberId = await addMember(server, org.id, both, 'admin,member');
      const outsider = await person(server, 'outsider');

      expect(await port.memberOf(server.context, owner.id, org.id)).toMatchObject({
        organizationId: org.id,
        userId: owner.id,
        roles: ['owner'],
      });
      const member = present(await port.memberOf(server.context, both.id, org.id));
      expect(member).toEqual({
        memberId,
        organizationId: org.id,
        userId: both.id,
        roles: ['admin', 'member'],
        joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(await port.memberOf(server.context, outsider.id, org.id)).toBeUndefined();
      expect(await port.memberOf(server.context, owner.id, 'no-such-organization')).toBeUndefined();
    });
  });

  describe('mayAct', () => {
    it('allows what the member’s roles grant and refuses the rest with the consumer’s code, as has-permission decides', async () => {
      const owner = await person(server, 'owner');
      const org = await createOrg(owner);
      const plain = await person(server, 'plain');
      await addMember(server, org.id, plain, 'member');

      const allowed = await mayAct(owner, org.id);
      expect(allowed).toMatchObject({ allowed: true, member: { userId: owner.id, roles: ['owner'] } });
      expect(await routeSays(owner, org.id)).toEqual({ error: null, success: true });

      expect(await mayAct(plain, org.id)).toEqual({ allowed: false, code: DENIED });
      expect(await routeSays(plain, org.id)).toEqual({ error: null, success: false });
      // Every resource and action asked must be granted, as over HTTP.
      const mixed: PermissionRequest = { member: ['create'], organization: ['delete'] };
      expect((await mayAct(owner, org.id, mixed)).allowed).toBe(true);
      expect(await mayAct(plain, org.id, { organization: ['update'], member: ['create'] })).toEqual({
        allowed: false,
        code: DENIED,
      });
    });

    it('counts the organization’s stored roles, and answers an unreadable one as the routes do', async () => {
      const owner = await person(server, 'owner');
      const org = await createOrg(owner);
      const created = await owner.client.post('/organization/create-role', {
        organizationId: org.id,
        role: 'editor',
        permission: { organization: ['update'] },
      });
      expect(created.status).toBe(200);
      const editor = await person(server, 'editor');
      await addMember(server, org.id, editor, 'editor');
      expect((await mayAct(editor, org.id)).allowed).toBe(true);
      expect(await routeSays(editor, org.id)).toEqual({ error: null, success: true });

      await server.database.db
        .updateTable('organizationRole')
        .set({ permission: 'not json' })
        .where('organizationId', '=', org.id)
        .execute();
      expect(await mayAct(editor, org.id)).toEqual({ allowed: false, code: 'INVALID_ROLE_PERMISSIONS' });
    });

    it('refuses someone outside, or an unknown organization, as not a member', async () => {
      const owner = await person(server, 'owner');
      const org = await createOrg(owner);
      const outsider = await person(server, 'outsider');
      const notMember = { allowed: false, code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION' };
      expect(await mayAct(outsider, org.id)).toEqual(notMember);
      expect(await mayAct(owner, 'no-such-organization')).toEqual(notMember);
    });

    it('applies the organization’s two-factor policy before any permission', async () => {
      const enrolledOwner = await enrolled(server);
      const owner: Person = {
        id: enrolledOwner.userId,
        email: enrolledOwner.email,
        client: enrolledOwner.client,
      };
      const org = await createOrg(owner);
      const lax = await person(server, 'lax');
      await addMember(server, org.id, lax, 'admin');
      const turnedOn = await owner.client.post('/organization/update', {
        organizationId: org.id,
        data: { requireTwoFactor: true },
      });
      expect(turnedOn.status).toBe(200);

      const required = { allowed: false, code: 'TWO_FACTOR_REQUIRED_BY_ORGANIZATION' };
      expect(await mayAct(lax, org.id, { member: ['create'] })).toEqual(required);
      // The same code the organization's own routes answer this member.
      const route = await lax.client.post('/organization/has-permission', {
        organizationId: org.id,
        permissions: { member: ['create'] },
      });
      expect(route.status).toBe(403);
      expect((await json(route)).code).toBe('TWO_FACTOR_REQUIRED_BY_ORGANIZATION');
      expect((await mayAct(owner, org.id)).allowed).toBe(true);
    });
  });

  describe('addMember', () => {
    it('adds the member with the default role when given none, recorded as organization.member_added', async () => {
      const owner = await person(server, 'owner');
      const org = await createOrg(owner);
      const joiner = await person(server, 'joiner');
      const added = await port.addMember(server.context, testRequest(server), {
        userId: joiner.id,
        organizationId: org.id,
        role: [],
      });
      expect(added).toMatchObject({ organizationId: org.id, userId: joiner.id, role: 'member' });
      expect(await port.memberOf(server.context, joiner.id, org.id)).toMatchObject({
        memberId: added.id,
        roles: ['member'],
      });
      const events = await server.database.db
        .selectFrom('auditEvent')
        .select(['type', 'outcome', 'organizationId', 'metadata'])
        .where('targetId', '=', added.id as string)
        .execute();
      expect(events).toEqual([
        {
          type: 'organization.member_added',
          outcome: 'success',
          organizationId: org.id,
          metadata: JSON.stringify({ userId: joiner.id, role: 'member' }),
        },
      ]);
    });

    it('refuses with the organization’s codes and limits, changing nothing', async () => {
      const owner = await person(server, 'owner');
      const org = await createOrg(owner);
      const [team] = await json(await owner.client.get(`/organization/list-teams?organizationId=${org.id}`));
      const add = (userId: string, extra: { organizationId?: string; teamId?: string } = {}) =>
        port
          .addMember(server.context, testRequest(server), {
            userId,
            organizationId: org.id,
            role: 'member',
            ...extra,
          })
          .then(
            () => 'added',
            (error: { code?: string }) => error.code,
          );
      const someone = await person(server, 'someone');
      const before = await orgSnapshot(server);
      expect(await add('no-such-user')).toBe('USER_NOT_FOUND');
      expect(await add(owner.id)).toBe('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
      expect(await add(someone.id, { organizationId: 'no-such-organization' })).toBe(
        'ORGANIZATION_NOT_FOUND',
      );
      expect(await add(someone.id, { teamId: 'no-such-team' })).toBe('TEAM_NOT_FOUND');
      expect(await orgSnapshot(server)).toBe(before);

      // The default team holds its creator: one seat is left, then it is full.
      expect(await add(someone.id, { teamId: team.id })).toBe('added');
      const late = await person(server, 'late');
      expect(await add(late.id, { teamId: team.id })).toBe('TEAM_MEMBER_LIMIT_REACHED');

      // Owner and someone are in; fill the organization to its limit, then one more is refused.
      for (let count = 2; count < MEMBERSHIP_LIMIT; count += 1) {
        expect(await add((await person(server, 'filler')).id)).toBe('added');
      }
      const full = await orgSnapshot(server);
      expect(await add(late.id)).toBe('ORGANIZATION_MEMBERSHIP_LIMIT_REACHED');
      expect(await orgSnapshot(server)).toBe(full);
    });
  });
});
