import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { listInvitationsOfOrganization } from './invitations/invitation.repository.ts';
import { loadOrganizationForMember } from './load-organization.ts';
import { FIRST_MEMBERS, listMembersWithUser } from './members/member.repository.ts';
import type { ResolvedOrganization } from './organization-config.ts';
import {
  invitationToJson,
  memberWithUserToJson,
  organizationToJson,
  teamToJson,
} from './organization-json.ts';
import { AS_MEMBER, WITH_PERMISSION } from './organization-refusals.ts';
import {
  invitationJson,
  memberWithUserJson,
  organizationJson,
  teamJson,
} from './organization-response-schemas.ts';
import { idSchema, slugSchema } from './organization-schemas.ts';
import { invitationFilter } from './policy/organization-access.ts';
import { listTeamsWithMemberCounts } from './teams/team.repository.ts';

const lookup = { organizationId: idSchema.optional(), organizationSlug: slugSchema.optional() };

/** The bare organization (docs/protocol/organization.md#get-organization). */
export const getOrganizationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'getOrganization',
    method: 'GET',
    path: '/organization/get-organization',
    summary: 'Read an organization',
    description: 'The bare organization, without members.',
    query: z.object(lookup),
    requires: 'session',
    keySessions: ['organization'],
    response: organizationJson.nullable(),
    errors: ['ORGANIZATION_NOT_FOUND', ['USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 403], ...AS_MEMBER],
    async handler({ auth, query, session: resolved }) {
      const caller = await loadOrganizationForMember(auth, options, resolved, query);
      return caller ? organizationToJson(await caller.requireOrganization()) : null;
    },
  });

/**
 * The organization with its members, visible invitations and teams
 * (docs/protocol/organization.md#get-full-organization).
 */
export const getFullOrganizationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'getFullOrganization',
    method: 'GET',
    path: '/organization/get-full-organization',
    summary: 'Read an organization with its members, invitations and teams',
    description: 'The active organization unless `organizationId` or `organizationSlug` names one.',
    query: z.object({
      ...lookup,
      membersLimit: z.union([z.number().int().min(1), z.string().regex(/^\d{1,6}$/)]).optional(),
    }),
    requires: 'session',
    keySessions: ['organization'],
    response: organizationJson
      .extend({
        members: z.array(memberWithUserJson),
        invitations: z.array(invitationJson),
        // With teams on.
        teams: z.array(teamJson.extend({ memberCount: z.number().int() })).optional(),
      })
      .nullable(),
    errors: ['ORGANIZATION_NOT_FOUND', ['USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 403], ...WITH_PERMISSION],
    async handler({ auth, query, session: resolved }) {
      const caller = await loadOrganizationForMember(auth, options, resolved, query);
      if (!caller) return null;
      const organization = await caller.requireOrganization();
      const limit =
        query.membersLimit === undefined ? FIRST_MEMBERS : Math.max(1, Number(query.membersLimit));
      const teams = options.teams !== undefined;
      // The lists are independent reads of a member's organization, so they go together: on
      // PostgreSQL their round trips overlap instead of following each other. The invitations are
      // read before it is known whether the caller may see them, and dropped when not.
      const [members, visible, invitations, teamList] = await Promise.all([
        listMembersWithUser(auth.database, organization.id, limit),
        invitationFilter(options, caller),
        listInvitationsOfOrganization(auth.database, organization.id),
        teams ? teamsWithMemberCounts(auth, organization.id) : undefined,
      ]);
      const json: Record<string, unknown> = {
        ...organizationToJson(organization),
        members: members.map((row) => memberWithUserToJson(row, organization.id)),
        invitations: visible ? invitations.filter(visible).map((row) => invitationToJson(row, teams)) : [],
      };
      if (teamList) json.teams = teamList;
      return json;
    },
  });

async function teamsWithMemberCounts(auth: AuthContext, organizationId: string) {
  const rows = await listTeamsWithMemberCounts(auth.database, organizationId);
  return rows.map(({ team, memberCount }) => ({ ...teamToJson(team), memberCount }));
}
