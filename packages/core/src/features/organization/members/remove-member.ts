import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { normalizeEmail } from '../../../user/email.ts';
import { setActiveState } from '../active-state.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { memberToJson, memberWithUserToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { memberJson, memberWithUserJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { isCreator } from '../policy/organization-access.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import {
  deleteMemberWithTeams,
  findMemberByEmail,
  findMemberById,
  membersHoldingRole,
} from './member.repository.ts';

/**
 * Removes a member (by member id or email) and their team memberships
 * (docs/protocol/organization.md#remove-member).
 */
export const removeMemberEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'removeMember',
    method: 'POST',
    path: '/organization/remove-member',
    summary: 'Remove a member from an organization',
    description: 'By member id or email address; their team memberships go too.',
    body: z.object({ memberIdOrEmail: z.string().min(1).max(256), organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    // Removed by email, the member comes with their user.
    response: z.object({ member: z.union([memberWithUserJson, memberJson]) }),
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'MEMBER_NOT_FOUND',
      'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
      'ORGANIZATION_NOT_FOUND',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: resolved }) {
      const { session, user } = resolved;
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'MEMBER_NOT_FOUND',
      });
      const { organizationId } = caller;
      const byEmail = body.memberIdOrEmail.includes('@');
      const target = byEmail
        ? await findMemberByEmail(auth.db, organizationId, normalizeEmail(body.memberIdOrEmail))
        : await findMemberById(auth.db, body.memberIdOrEmail);
      if (!target) throw new AuthError('MEMBER_NOT_FOUND');
      if (isCreator(options, target.role)) {
        if (!caller.isCreator) throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
        if ((await membersHoldingRole(auth.db, organizationId, options.creatorRole)) <= 1) {
          throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
        }
      }
      await caller.requirePermission({ member: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER');
      if (target.organizationId !== organizationId) throw new AuthError('MEMBER_NOT_FOUND');
      await caller.requireOrganization();
      await auth.db.transaction().execute(async (trx) => {
        await deleteMemberWithTeams(trx, target);
        await auth.audit.recordIn(trx, request, {
          type: 'organization.member_removed',
          target: { type: 'member', id: target.id },
          organizationId: target.organizationId,
          metadata: { userId: target.userId },
        });
      });
      if (target.userId === user.id && session.activeOrganizationId === organizationId) {
        await setActiveState(auth, request, resolved, { activeOrganizationId: null });
      }
      return { member: byEmail ? memberWithUserToJson(target, target.organizationId) : memberToJson(target) };
    },
  });
