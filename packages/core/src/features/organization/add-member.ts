import { z } from 'zod';
import { splitOrganizationRoles } from '../../access/organization-roles.ts';
import { generateId } from '../../crypto/random.ts';
import { isoNow } from '../../db/schema.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findUserById } from '../../user/user.repository.ts';
import { countMembers, findMember } from './member.repository.ts';
import { findOrganizationById } from './organization.repository.ts';
import { memberToJson } from './organization-json.ts';
import { idSchema, roleInputSchema } from './organization-schemas.ts';
import { addTeamMember, countTeamMembers, findTeam } from './team.repository.ts';

/**
 * Adds a user to an organization without a permission check: for server code only
 * (`auth.api.addMember`), never routed over HTTP (contract §3.22).
 */
export const addMember = defineEndpoint({
  name: 'addMember',
  method: 'POST',
  path: '/organization/add-member',
  serverOnly: true,
  body: z.object({
    userId: idSchema,
    role: roleInputSchema,
    organizationId: idSchema,
    teamId: idSchema.optional(),
  }),
  requires: 'none',
  async handler({ auth, body }) {
    const options = auth.options.organization!;
    if (!(await findUserById(auth.db, body.userId))) throw new AuthError('USER_NOT_FOUND');
    if (await findMember(auth.db, body.organizationId, body.userId)) {
      throw new AuthError('USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION');
    }
    if (!(await findOrganizationById(auth.db, body.organizationId)))
      throw new AuthError('ORGANIZATION_NOT_FOUND');
    if (body.teamId !== undefined) {
      if (!options.teams || !(await findTeam(auth.db, body.organizationId, body.teamId)))
        throw new AuthError('TEAM_NOT_FOUND');
      if ((await countTeamMembers(auth.db, body.teamId)) >= options.teams.maximumMembersPerTeam) {
        throw new AuthError('TEAM_MEMBER_LIMIT_REACHED');
      }
    }
    if ((await countMembers(auth.db, body.organizationId)) >= options.membershipLimit) {
      throw new AuthError('ORGANIZATION_MEMBERSHIP_LIMIT_REACHED');
    }
    const now = isoNow(auth.options.now());
    const member = {
      id: generateId(),
      organizationId: body.organizationId,
      userId: body.userId,
      role: splitOrganizationRoles(body.role).join(',') || 'member',
      createdAt: now,
    };
    await auth.db.transaction().execute(async (trx) => {
      await trx.insertInto('member').values(member).execute();
      if (body.teamId !== undefined) await addTeamMember(trx, body.teamId, body.userId, now);
    });
    return memberToJson(member);
  },
});
