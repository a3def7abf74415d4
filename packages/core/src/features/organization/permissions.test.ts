/**
 * The permission matrix of docs/protocol/organization.md#default-roles through the endpoints: for each
 * default role, a custom role and a member holding two roles, every resource × action pair is exercised by
 * the route that checks it (or by has-permission where no route checks it). Allowed calls do the thing;
 * denied ones answer the protocol's status, code and message and change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationStatements } from '../../access/organization-roles.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, type TestServer } from '../../testing/test-server.ts';
import {
  addMember,
  createOrg,
  freshEmail,
  json,
  orgSnapshot,
  type Person,
  person,
  startOrgServer,
} from './test-kit.ts';

/**
 * Per role: the pairs it is expected to hold, written out from docs/protocol/organization.md#default-roles
 * (not from the code).
 */
const ALL = Object.entries(organizationStatements).flatMap(([r, actions]) => actions.map((a) => `${r}:${a}`));
const EDITOR = { team: ['create', 'update'], invitation: ['create'], ac: ['read'] };
const EXPECTED: Record<string, string[]> = {
  owner: ALL,
  admin: ALL.filter((pair) => pair !== 'organization:delete'),
  member: ['ac:read'],
  editor: ['team:create', 'team:update', 'invitation:create', 'ac:read'],
  'member,editor': ['team:create', 'team:update', 'invitation:create', 'ac:read'],
};

interface Scene {
  server: TestServer;
  actor: Person;
  orgId: string;
  targetMemberId: string;
  targetUserId: string;
  invitationId: string;
  teamId: string;
}

interface Case {
  call(s: Scene): Promise<Response>;
  denied: { status: number; code: string; message: string };
  effect(s: Scene, body: Record<string, unknown>): Promise<void>;
}

const row = (
  s: Scene,
  table: 'organization' | 'member' | 'invitation' | 'team' | 'organizationRole',
  id: string,
) => s.server.database.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

const CASES: Record<string, Case> = {
  'organization:update': {
    call: (s) =>
      s.actor.client.post('/organization/update', { organizationId: s.orgId, data: { name: 'Renamed' } }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION',
      message: 'You are not allowed to update this organization',
    },
    effect: async (s) => expect((await row(s, 'organization', s.orgId))?.name).toBe('Renamed'),
  },
  'organization:delete': {
    call: (s) => s.actor.client.post('/organization/delete', { organizationId: s.orgId }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION',
      message: 'You are not allowed to delete this organization',
    },
    effect: async (s) => expect(await row(s, 'organization', s.orgId)).toBeUndefined(),
  },
  'member:update': {
    call: (s) =>
      s.actor.client.post('/organization/update-member-role', {
        organizationId: s.orgId,
        memberId: s.targetMemberId,
        role: 'admin',
      }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      message: 'You are not allowed to update this member',
    },
    effect: async (s) => expect((await row(s, 'member', s.targetMemberId))?.role).toBe('admin'),
  },
  'member:delete': {
    call: (s) =>
      s.actor.client.post('/organization/remove-member', {
        organizationId: s.orgId,
        memberIdOrEmail: s.targetMemberId,
      }),
    denied: {
      status: 401,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
      message: 'You are not allowed to delete this member',
    },
    effect: async (s) => expect(await row(s, 'member', s.targetMemberId)).toBeUndefined(),
  },
  'invitation:create': {
    call: (s) =>
      s.actor.client.post('/organization/invite-member', {
        organizationId: s.orgId,
        email: freshEmail('matrix'),
        role: 'member',
      }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION',
      message: 'You are not allowed to invite users to this organization',
    },
    effect: async (s, body) =>
      expect((await row(s, 'invitation', body.id as string))?.status).toBe('pending'),
  },
  'invitation:cancel': {
    call: (s) => s.actor.client.post('/organization/cancel-invitation', { invitationId: s.invitationId }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION',
      message: 'You are not allowed to cancel this invitation',
    },
    effect: async (s) => expect((await row(s, 'invitation', s.invitationId))?.status).toBe('canceled'),
  },
  'team:create': {
    call: (s) =>
      s.actor.client.post('/organization/create-team', { organizationId: s.orgId, name: 'New team' }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION',
      message: 'You are not allowed to create teams in this organization',
    },
    effect: async (s, body) => expect((await row(s, 'team', body.id as string))?.name).toBe('New team'),
  },
  'team:update': {
    call: (s) =>
      s.actor.client.post('/organization/update-team', {
        teamId: s.teamId,
        data: { name: 'Renamed team', organizationId: s.orgId },
      }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM',
      message: 'You are not allowed to update this team',
    },
    effect: async (s) => expect((await row(s, 'team', s.teamId))?.name).toBe('Renamed team'),
  },
  'team:delete': {
    call: (s) =>
      s.actor.client.post('/organization/remove-team', { teamId: s.teamId, organizationId: s.orgId }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION',
      message: 'You are not allowed to delete teams in this organization',
    },
    effect: async (s) => expect(await row(s, 'team', s.teamId)).toBeUndefined(),
  },
  'ac:create': {
    call: (s) =>
      s.actor.client.post('/organization/create-role', {
        organizationId: s.orgId,
        role: 'Reader',
        permission: { ac: ['read'] },
      }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE',
      message: 'You are not allowed to create a role',
    },
    effect: async (s, body) =>
      expect((await row(s, 'organizationRole', (body.roleData as { id: string }).id))?.role).toBe('reader'),
  },
  'ac:read': {
    call: (s) => s.actor.client.get(`/organization/list-roles?organizationId=${s.orgId}`),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE',
      message: 'You are not allowed to list a role',
    },
    effect: async (_, body) =>
      expect((body as unknown as { role: string }[]).map((r) => r.role)).toContain('seeded'),
  },
  'ac:update': {
    call: (s) =>
      s.actor.client.post('/organization/update-role', {
        organizationId: s.orgId,
        roleName: 'seeded',
        data: { roleName: 'renamed' },
      }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE',
      message: 'You are not allowed to update a role',
    },
    effect: async (s) => {
      const roles = await s.server.database.db
        .selectFrom('organizationRole')
        .select('role')
        .where('organizationId', '=', s.orgId)
        .execute();
      expect(roles.map((r) => r.role)).toContain('renamed');
    },
  },
  'ac:delete': {
    call: (s) =>
      s.actor.client.post('/organization/delete-role', { organizationId: s.orgId, roleName: 'seeded' }),
    denied: {
      status: 403,
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE',
      message: 'You are not allowed to delete a role',
    },
    effect: async (s) => {
      const roles = await s.server.database.db
        .selectFrom('organizationRole')
        .select('role')
        .where('organizationId', '=', s.orgId)
        .execute();
      expect(roles.map((r) => r.role)).not.toContain('seeded');
    },
  },
};

describe.each(testDialects())('organization permission matrix (%s)', (dialect) => {
  let server: TestServer;
  let boss: Person;
  const actors: Record<string, Person> = {};
  beforeAll(async () => {
    server = await startOrgServer(dialect);
    boss = await person(server, 'boss');
    for (const role of Object.keys(EXPECTED)) actors[role] = await person(server, role.replace(',', '-'));
  });
  afterAll(() => server.close());

  /** A fresh organization with the actor in it, a plain target member, a pending invitation, a second team and two stored roles. */
  async function scene(role: string): Promise<Scene> {
    const org = await createOrg(boss);
    const now = new Date(server.clock.now()).toISOString();
    const { db } = server.database;
    for (const [name, permission] of [
      ['editor', EDITOR],
      ['seeded', { ac: ['read'] }],
    ] as const) {
      await db
        .insertInto('organizationRole')
        .values({
          id: `${name}${org.id}`.slice(0, 32),
          organizationId: org.id,
          role: name,
          permission: JSON.stringify(permission),
          createdAt: now,
          updatedAt: null,
        })
        .execute();
    }
    const actor = actors[role];
    if (!actor) throw new Error(`no actor signed up for ${role}`);
    await addMember(server, org.id, actor, role);
    const target = await person(server, 'target');
    const targetMemberId = await addMember(server, org.id, target, 'member');
    const invitation = await json(
      await boss.client.post('/organization/invite-member', {
        organizationId: org.id,
        email: freshEmail('pending'),
        role: 'member',
      }),
    );
    const team = await json(
      await boss.client.post('/organization/create-team', { organizationId: org.id, name: 'Second' }),
    );
    return {
      server,
      actor,
      orgId: org.id,
      targetMemberId,
      targetUserId: target.id,
      invitationId: invitation.id,
      teamId: team.id,
    };
  }

  for (const [role, granted] of Object.entries(EXPECTED)) {
    for (const pair of ALL) {
      const allowed = granted.includes(pair);
      const [resource, action] = pair.split(':') as [string, string];
      it(`${role} ${allowed ? 'may' : 'may not'} ${pair}`, async () => {
        const s = await scene(role);
        const check = await json(
          await s.actor.client.post('/organization/has-permission', {
            organizationId: s.orgId,
            permissions: { [resource]: [action] },
          }),
        );
        expect(check).toEqual({ error: null, success: allowed });
        const exercise = CASES[pair];
        if (!exercise) return; // member:create: no route checks it; has-permission above is its check.
        const before = await orgSnapshot(server);
        const response = await exercise.call(s);
        if (allowed) {
          expect(response.status).toBe(200);
          await exercise.effect(s, await json(response));
        } else {
          expect(await errorOf(response)).toEqual(exercise.denied);
          expect(await orgSnapshot(server)).toBe(before);
        }
      });
    }
  }

  it('has-permission: AND across resources; several roles never combine; bad input and non-members', async () => {
    const org = await createOrg(boss);
    const now = new Date(server.clock.now()).toISOString();
    for (const [name, permission] of [
      ['inviter', { invitation: ['create'] }],
      ['teamer', { team: ['create'] }],
    ] as const) {
      await server.database.db
        .insertInto('organizationRole')
        .values({
          id: `${name}${org.id}`.slice(0, 32),
          organizationId: org.id,
          role: name,
          permission: JSON.stringify(permission),
          createdAt: now,
          updatedAt: null,
        })
        .execute();
    }
    const both = await person(server, 'both');
    await addMember(server, org.id, both, 'inviter, teamer');
    const ask = async (permissions: Record<string, string[]>, who = both) =>
      (
        await json(
          await who.client.post('/organization/has-permission', { organizationId: org.id, permissions }),
        )
      ).success;
    expect(await ask({ invitation: ['create'] })).toBe(true);
    expect(await ask({ team: ['create'] })).toBe(true);
    expect(await ask({ invitation: ['create'], team: ['create'] })).toBe(false);
    expect(await ask({ organization: ['update'], member: ['delete'] }, boss)).toBe(true);
    expect(await ask({ organization: ['update'], billing: ['read'] }, boss)).toBe(false);
    expect(await ask({ organization: [] }, boss)).toBe(false);
    expect(await ask({}, boss)).toBe(false);
    const deprecated = await json(
      await boss.client.post('/organization/has-permission', {
        organizationId: org.id,
        permission: { organization: ['update'] },
      }),
    );
    expect(deprecated).toEqual({ error: null, success: false });
    expect((await boss.client.post('/organization/has-permission', { organizationId: org.id })).status).toBe(
      400,
    );
    expect(
      (
        await boss.client.post('/organization/has-permission', {
          organizationId: org.id,
          permissions: {},
          permission: {},
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await boss.client.post('/organization/has-permission', {
          organizationId: org.id,
          permissions: { team: { actions: ['create'], connector: 'OR' } },
        })
      ).status,
    ).toBe(400);
    const stranger = await person(server, 'stranger');
    expect(
      await errorOf(
        await stranger.client.post('/organization/has-permission', {
          organizationId: org.id,
          permissions: { team: ['create'] },
        }),
      ),
    ).toEqual({
      status: 401,
      code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      message: 'User is not a member of the organization',
    });
    // A corrupt stored role fails every check of its organization loudly rather than granting anything.
    await server.database.db
      .updateTable('organizationRole')
      .set({ permission: '{"team":"create"}' })
      .where('organizationId', '=', org.id)
      .where('role', '=', 'teamer')
      .execute();
    expect(
      await errorOf(
        await both.client.post('/organization/has-permission', {
          organizationId: org.id,
          permissions: { team: ['create'] },
        }),
      ),
    ).toEqual({
      status: 500,
      code: 'INVALID_ROLE_PERMISSIONS',
      message: 'Invalid permissions for role teamer',
    });
  });
});
