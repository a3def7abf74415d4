import { z } from 'zod';
import { splitOrganizationRoles } from '../../../access/organization-roles.ts';
import type { AuthContext } from '../../../context.ts';
import { generateId } from '../../../crypto/random.ts';
import { isoNow } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { RequestContext } from '../../../http/request-context.ts';
import type { NewMembership } from '../../../ports/organization-membership.ts';
import { findUserById } from '../../../user/user.repository.ts';
import { findOrganizationById } from '../organization.repository.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { memberToJson } from '../organization-json.ts';
import { idSchema, roleInputSchema } from '../organization-schemas.ts';
import { addTeamMember } from '../teams/team.repository.ts';
import { requireTeamSeat } from '../teams/team-seats.ts';
import { countMembers, findMember, insertMember } from './member.repository.ts';

/**
 * Adds a user to an organization without a permission check: for server code only
 * (`auth.api.addMember`), never routed over HTTP (docs/protocol/organization.md#add-member).
 */
export const addMemberEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'addMember',
    method: 'POST',
    path: '/organization/add-member',
    summary: 'Add a user to an organization (server code only)',
    description: 'Called as `auth.api.addMember`; never routed over HTTP.',
    serverOnly: true,
    body: z.object({
      userId: idSchema,
      role: roleInputSchema,
      organizationId: idSchema,
      teamId: idSchema.optional(),
    }),
    requires: 'none',
    handler: ({ auth, request, body }) => addMember(auth, options, request, body),
  });

/**
 * The add-member step itself, shared by `auth.api.addMember` and the membership port
 * (`ports/organization-membership.ts`): no permission check, the organization's limits applied.
 */
export async function addMember(
  auth: AuthContext,
  options: ResolvedOrganization,
  request: RequestContext,
  body: NewMembership,
): Promise<Record<string, unknown>> {
  const { userId, organizationId, teamId } = body;
  if (!(await findUserById(auth.db, userId))) throw new AuthError('USER_NOT_FOUND');
  if (await findMember(auth.db, organizationId, userId)) {
    throw new AuthError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
  }
  if (!(await findOrganizationById(auth.db, organizationId))) throw new AuthError('ORGANIZATION_NOT_FOUND');
  if (teamId !== undefined) {
    if (!options.teams) throw new AuthError('TEAM_NOT_FOUND');
    await requireTeamSeat(auth.db, options.teams, organizationId, teamId);
  }
  if ((await countMembers(auth.db, organizationId)) >= options.membershipLimit) {
    throw new AuthError('ORGANIZATION_MEMBERSHIP_LIMIT_REACHED');
  }
  const now = isoNow(auth.options.now());
  const role = splitOrganizationRoles(body.role).join(',') || 'member';
  const member = { id: generateId(), organizationId, userId, role, createdAt: now };
  await auth.db.transaction().execute(async (trx) => {
    await insertMember(trx, member);
    if (teamId !== undefined) await addTeamMember(trx, teamId, userId, now);
  });
  await auth.audit.record(request, {
    type: 'organization.member_added',
    target: { type: 'member', id: member.id },
    organizationId: member.organizationId,
    metadata: { userId: member.userId, role: member.role },
  });
  return memberToJson(member);
}
