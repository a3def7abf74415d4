import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { listInvitationsOfOrganization } from './invitation.repository.ts';
import { loadOrganizationForMember } from './load-organization.ts';
import { membersWithUser } from './member.repository.ts';
import { invitationFilter } from './organization-access.ts';
import {
  invitationToJson,
  memberWithUserToJson,
  organizationToJson,
  teamToJson,
} from './organization-json.ts';
import { idSchema, slugSchema } from './organization-schemas.ts';
import { listTeamsOfOrganization } from './team.repository.ts';

const lookup = { organizationId: idSchema.optional(), organizationSlug: slugSchema.optional() };

/** The bare organization (contract §3.7). */
export const getOrganization = defineEndpoint({
  name: 'getOrganization',
  method: 'GET',
  path: '/organization/get-organization',
  query: z.object(lookup),
  requires: 'session',
  async handler({ auth, request, query, session: resolved }) {
    const found = await loadOrganizationForMember(auth, request, resolved, query);
    return found ? organizationToJson(found.organization) : null;
  },
});

/** The organization with its members, visible invitations and teams (contract §3.6). */
export const getFullOrganization = defineEndpoint({
  name: 'getFullOrganization',
  method: 'GET',
  path: '/organization/get-full-organization',
  query: z.object({
    ...lookup,
    membersLimit: z.union([z.number().int().min(1), z.string().regex(/^\d{1,6}$/)]).optional(),
  }),
  requires: 'session',
  async handler({ auth, request, query, session: resolved }) {
    const found = await loadOrganizationForMember(auth, request, resolved, query);
    if (!found) return null;
    const { organization, member } = found;
    const limit = query.membersLimit === undefined ? 100 : Math.max(1, Number(query.membersLimit));
    const members = await membersWithUser(auth.db)
      .where('member.organizationId', '=', organization.id)
      .orderBy('member.createdAt')
      .limit(limit)
      .execute();
    const visible = await invitationFilter(auth, member);
    const invitations = visible
      ? (await listInvitationsOfOrganization(auth.db, organization.id)).filter(visible)
      : [];
    const teams = auth.options.organization!.teams !== undefined;
    const json: Record<string, unknown> = {
      ...organizationToJson(organization),
      members: members.map(memberWithUserToJson),
      invitations: invitations.map((row) => invitationToJson(row, teams)),
    };
    if (teams) {
      const rows = await listTeamsOfOrganization(auth.db, organization.id);
      const counts = await auth.db
        .selectFrom('teamMember')
        .select(['teamId', (eb) => eb.fn.countAll().as('n')])
        .where('teamId', 'in', rows.length > 0 ? rows.map((r) => r.id) : [''])
        .groupBy('teamId')
        .execute();
      const countOf = new Map(counts.map((c) => [c.teamId, Number(c.n)]));
      json.teams = rows.map((row) => ({ ...teamToJson(row), memberCount: countOf.get(row.id) ?? 0 }));
    }
    return json;
  },
});
