import { z } from 'zod';
import type { AuthContext } from '../../../context.ts';
import { isoNow } from '../../../db/schema.ts';
import { AuthError, type ErrorCode } from '../../../errors.ts';
import { NOT_BY_API_KEY } from '../../../http/caller/principal.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedSession } from '../../../session/resolve-session.ts';
import { setActiveState } from '../active-state.ts';
import { findMember } from '../members/member.repository.ts';
import type { ResolvedOrganization, ResolvedTeams } from '../organization-config.ts';
import { teamMemberToJson, teamToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { messageJson, teamJson, teamMemberJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import {
  addTeamMember,
  countTeamMembers,
  findTeam,
  findTeamById,
  findTeamMember,
  listTeamMembers as listRows,
  removeTeamMember as removeRow,
} from './team.repository.ts';

/**
 * Sets (or clears, with `teamId: null`) the session's active team
 * (docs/protocol/organization.md#set-active-team).
 */
export const setActiveTeam = defineEndpoint({
  name: 'setActiveTeam',
  method: 'POST',
  path: '/organization/set-active-team',
  summary: "Set or clear the session's active team",
  description: '`teamId: null` clears it.',
  body: z.object({ teamId: idSchema.nullable().optional() }),
  requires: 'session',
  // A key session has no stored session to change (docs/protocol/api-key.md#decisions-for-gatehouse, K5).
  accepts: NOT_BY_API_KEY,
  response: teamJson.nullable(),
  errors: ['NO_ACTIVE_ORGANIZATION', 'TEAM_NOT_FOUND', ['USER_IS_NOT_A_MEMBER_OF_THE_TEAM', 403]],
  async handler({ auth, request, body, session: resolved }) {
    const { session, user } = resolved;
    if (body.teamId === null) {
      if (session.activeTeamId) await setActiveState(auth, request, resolved, { activeTeamId: null });
      return null;
    }
    const teamId = body.teamId ?? session.activeTeamId;
    if (!teamId) return null;
    if (!session.activeOrganizationId) throw new AuthError('NO_ACTIVE_ORGANIZATION');
    const team = await findTeam(auth.db, session.activeOrganizationId, teamId);
    if (!team) throw new AuthError('TEAM_NOT_FOUND');
    if (!(await findTeamMember(auth.db, team.id, user.id))) {
      throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_TEAM', { status: 403 });
    }
    await setActiveState(auth, request, resolved, { activeTeamId: team.id });
    return teamToJson(team);
  },
});

/** A team's members; only for members of the team (docs/protocol/organization.md#list-team-members). */
export const listTeamMembers = defineEndpoint({
  name: 'listTeamMembers',
  method: 'GET',
  path: '/organization/list-team-members',
  summary: "List a team's members",
  description: 'Only for members of the team.',
  query: z.object({ teamId: idSchema.optional() }),
  requires: 'session',
  keySessions: ['organization'],
  response: z.array(teamMemberJson),
  errors: ['YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM', 'TEAM_NOT_FOUND', 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'],
  async handler({ auth, query, session: { session, user } }) {
    const teamId = query.teamId ?? session.activeTeamId;
    if (!teamId) throw new AuthError('YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM');
    const team = await findTeamById(auth.db, teamId);
    if (!team) throw new AuthError('TEAM_NOT_FOUND');
    if (
      !(await findMember(auth.db, team.organizationId, user.id)) ||
      !(await findTeamMember(auth.db, teamId, user.id))
    ) {
      throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
    }
    return (await listRows(auth.db, teamId)).map(teamMemberToJson);
  },
});

const teamMemberBody = z.object({ teamId: idSchema, userId: idSchema, organizationId: idSchema.optional() });

/**
 * What adding and removing a team member both check, in the protocol's order
 * (docs/protocol/organization.md#add-team-member): the caller's member right, then that the person is in the
 * organization, then the team.
 */
async function authorizeTeamChange(
  auth: AuthContext,
  options: ResolvedOrganization,
  { session, user }: ResolvedSession,
  body: z.infer<typeof teamMemberBody>,
  permission: { action: 'update' | 'delete'; denied: ErrorCode },
) {
  const caller = await resolveCaller(auth, options, {
    organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
    user,
    notMember: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
    permission: { member: [permission.action] },
    denied: permission.denied,
  });
  if (!(await findMember(auth.db, caller.organizationId, body.userId)))
    throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
  const team = await findTeam(auth.db, caller.organizationId, body.teamId);
  if (!team) throw new AuthError('TEAM_NOT_FOUND');
  return { caller, team };
}

/**
 * Puts an organization member on a team; adding twice returns the existing row
 * (docs/protocol/organization.md#add-team-member).
 */
export const addTeamMemberEndpoint = (options: ResolvedOrganization, teams: ResolvedTeams) =>
  defineEndpoint({
    name: 'addTeamMember',
    method: 'POST',
    path: '/organization/add-team-member',
    summary: 'Put an organization member on a team',
    description: 'Adding twice answers the existing row.',
    body: teamMemberBody,
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: teamMemberJson,
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
      'TEAM_NOT_FOUND',
      'ORGANIZATION_NOT_FOUND',
      'TEAM_MEMBER_LIMIT_REACHED',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session }) {
      const { caller, team } = await authorizeTeamChange(auth, options, session, body, {
        action: 'update',
        denied: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER',
      });
      await caller.requireOrganization();
      const existing = await findTeamMember(auth.db, team.id, body.userId);
      if (existing) return teamMemberToJson(existing);
      if ((await countTeamMembers(auth.db, team.id)) >= teams.maximumMembersPerTeam) {
        throw new AuthError('TEAM_MEMBER_LIMIT_REACHED');
      }
      const added = await addTeamMember(auth.db, team.id, body.userId, isoNow(auth.options.now()));
      await auth.audit.record(request, {
        type: 'organization.team_member_added',
        target: { type: 'team', id: team.id },
        organizationId: team.organizationId,
        metadata: { userId: body.userId },
      });
      return teamMemberToJson(added);
    },
  });

/**
 * Takes a member off a team (docs/protocol/organization.md#remove-team-member); their active team pointer is
 * left as it is.
 */
export const removeTeamMemberEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'removeTeamMember',
    method: 'POST',
    path: '/organization/remove-team-member',
    summary: 'Take a member off a team',
    body: teamMemberBody,
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: messageJson,
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
      'TEAM_NOT_FOUND',
      'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session }) {
      const { team } = await authorizeTeamChange(auth, options, session, body, {
        action: 'delete',
        denied: 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER',
      });
      if (!(await findTeamMember(auth.db, body.teamId, body.userId)))
        throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_TEAM');
      await removeRow(auth.db, body.teamId, body.userId);
      await auth.audit.record(request, {
        type: 'organization.team_member_removed',
        target: { type: 'team', id: team.id },
        organizationId: team.organizationId,
        metadata: { userId: body.userId },
      });
      return { message: 'Team member removed successfully.' };
    },
  });
