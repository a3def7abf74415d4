import { z } from 'zod';
import { splitOrganizationRoles } from '../../../access/organization-roles.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { memberToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { memberJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr, roleInputSchema } from '../organization-schemas.ts';
import { isCreator, requireCanGrantRoles } from '../policy/organization-access.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { findMemberById, membersHoldingRole, updateMemberRole } from './member.repository.ts';

/**
 * Changes a member's roles, with the owner protections of docs/protocol/organization.md#update-member-role
 * and docs/protocol/organization.md#owner-protections.
 */
export const updateMemberRoleEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'updateMemberRole',
    method: 'POST',
    path: '/organization/update-member-role',
    summary: "Change a member's roles",
    description: 'An organization always keeps an owner.',
    body: z.object({ memberId: idSchema, role: roleInputSchema, organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: memberJson,
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'ROLE_NOT_FOUND',
      'MEMBER_NOT_FOUND',
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const { creatorRole } = options;
      const organizationId = organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION');
      const roles = splitOrganizationRoles(body.role);
      if (roles.length === 0) throw new AuthError('ROLE_NOT_FOUND');
      const caller = await resolveCaller(auth, options, {
        organizationId,
        user,
        notMember: 'MEMBER_NOT_FOUND',
      });
      const target = await findMemberById(auth.db, body.memberId);
      if (!target) throw new AuthError('MEMBER_NOT_FOUND');
      if (target.organizationId !== organizationId)
        throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
      if ((isCreator(options, target.role) || roles.includes(creatorRole)) && !caller.isCreator) {
        throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
      }
      if (
        caller.isCreator &&
        target.id === caller.member.id &&
        !roles.includes(creatorRole) &&
        (await membersHoldingRole(auth.db, organizationId, creatorRole)) <= 1
      ) {
        throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER');
      }
      if (!caller.isCreator) {
        await caller.requirePermission({ member: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
      }
      await caller.roles.requireKnown(roles);
      await requireCanGrantRoles(caller, roles, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER');
      const role = roles.join(',');
      await updateMemberRole(auth.db, target.id, role);
      await auth.audit.record(request, {
        type: 'organization.member_role_changed',
        target: { type: 'member', id: target.id },
        organizationId: target.organizationId,
        metadata: { userId: target.userId, from: target.role, to: role },
      });
      return memberToJson({ ...target, role });
    },
  });
