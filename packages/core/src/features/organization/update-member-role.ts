import { z } from 'zod';
import { splitOrganizationRoles } from '../../access/organization-roles.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findMemberById, membersHoldingRole, updateMemberRole } from './member.repository.ts';
import {
  isCreator,
  memberOrThrow,
  requireCanGrantRoles,
  requireMemberCan,
  unknownRoles,
} from './organization-access.ts';
import { memberToJson } from './organization-json.ts';
import { idSchema, organizationIdOr, roleInputSchema } from './organization-schemas.ts';

/** Changes a member's roles, with the owner protections of contract §3.18 and §3.40. */
export const updateMemberRoleEndpoint = defineEndpoint({
  name: 'updateMemberRole',
  method: 'POST',
  path: '/organization/update-member-role',
  body: z.object({ memberId: idSchema, role: roleInputSchema, organizationId: idSchema.optional() }),
  requires: 'session',
  async handler({ auth, body, session: { session, user } }) {
    const creatorRole = auth.options.organization!.creatorRole;
    const organizationId = organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION');
    const roles = splitOrganizationRoles(body.role);
    if (roles.length === 0) throw new AuthError('ROLE_NOT_FOUND');
    const caller = await memberOrThrow(auth, organizationId, user.id, 'MEMBER_NOT_FOUND');
    const target = await findMemberById(auth.db, body.memberId);
    if (!target) throw new AuthError('MEMBER_NOT_FOUND');
    if (target.organizationId !== organizationId)
      throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    const callerIsCreator = isCreator(auth, caller.role);
    if ((isCreator(auth, target.role) || roles.includes(creatorRole)) && !callerIsCreator) {
      throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    }
    if (
      callerIsCreator &&
      target.id === caller.id &&
      !roles.includes(creatorRole) &&
      (await membersHoldingRole(auth.db, organizationId, creatorRole)) <= 1
    ) {
      throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER');
    }
    if (!callerIsCreator) {
      await requireMemberCan(
        auth,
        caller,
        { member: ['update'] },
        'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      );
    }
    const unknown = await unknownRoles(auth, organizationId, roles);
    if (unknown.length > 0)
      throw new AuthError('ROLE_NOT_FOUND', { message: `ROLE_NOT_FOUND: ${unknown.join(', ')}` });
    await requireCanGrantRoles(auth, caller, roles, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
    const role = roles.join(',');
    await updateMemberRole(auth.db, target.id, role);
    return memberToJson({ ...target, role });
  },
});
