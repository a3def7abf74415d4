import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { setActiveState } from '../active-state.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { memberWithUserToJson } from '../organization-json.ts';
import { memberWithUserJson } from '../organization-response-schemas.ts';
import { idSchema } from '../organization-schemas.ts';
import { isCreator } from '../policy/organization-access.ts';
import { deleteMemberWithTeams, findMemberWithUser, membersHoldingRole } from './member.repository.ts';

/**
 * The caller leaves an organization; its last owner cannot
 * (docs/protocol/organization.md#leave-organization).
 */
export const leaveOrganizationEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'leaveOrganization',
    method: 'POST',
    path: '/organization/leave',
    summary: 'Leave an organization',
    description: 'Its last owner cannot.',
    body: z.object({ organizationId: idSchema }),
    requires: 'session',
    response: memberWithUserJson,
    errors: ['MEMBER_NOT_FOUND', 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER'],
    async handler({ auth, request, body, session: resolved }) {
      const { session, user } = resolved;
      const member = await findMemberWithUser(auth.db, body.organizationId, user.id);
      if (!member) throw new AuthError('MEMBER_NOT_FOUND');
      if (
        isCreator(options, member.role) &&
        (await membersHoldingRole(auth.db, body.organizationId, options.creatorRole)) <= 1
      ) {
        throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
      }
      await auth.db.transaction().execute(async (trx) => {
        await deleteMemberWithTeams(trx, member);
        await auth.audit.recordIn(trx, request, {
          type: 'organization.member_removed',
          target: { type: 'member', id: member.id },
          organizationId: member.organizationId,
          metadata: { userId: member.userId, left: true },
        });
      });
      if (session.activeOrganizationId === body.organizationId) {
        await setActiveState(auth, request, resolved, { activeOrganizationId: null });
      }
      return memberWithUserToJson(member, member.organizationId);
    },
  });
