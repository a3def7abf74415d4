import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { normalizeEmail } from '../../user/user.repository.ts';
import { setActiveState } from './active-state.ts';
import {
  deleteMemberWithTeams,
  findMemberByEmail,
  findMemberById,
  membersHoldingRole,
} from './member.repository.ts';
import { findOrganizationById } from './organization.repository.ts';
import { isCreator, memberOrThrow, requireMemberCan } from './organization-access.ts';
import { memberToJson, memberWithUserToJson } from './organization-json.ts';
import { idSchema, organizationIdOr } from './organization-schemas.ts';

/** Removes a member (by member id or email) and their team memberships (contract §3.17). */
export const removeMember = defineEndpoint({
  name: 'removeMember',
  method: 'POST',
  path: '/organization/remove-member',
  body: z.object({ memberIdOrEmail: z.string().min(1).max(256), organizationId: idSchema.optional() }),
  requires: 'session',
  async handler({ auth, request, body, session: resolved }) {
    const { session, user } = resolved;
    const creatorRole = auth.options.organization!.creatorRole;
    const organizationId = organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION');
    const caller = await memberOrThrow(auth, organizationId, user.id, 'MEMBER_NOT_FOUND');
    const byEmail = body.memberIdOrEmail.includes('@');
    const target = byEmail
      ? await findMemberByEmail(auth.db, organizationId, normalizeEmail(body.memberIdOrEmail))
      : await findMemberById(auth.db, body.memberIdOrEmail);
    if (!target) throw new AuthError('MEMBER_NOT_FOUND');
    if (isCreator(auth, target.role)) {
      if (!isCreator(auth, caller.role))
        throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
      if ((await membersHoldingRole(auth.db, organizationId, creatorRole)) <= 1) {
        throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
      }
    }
    await requireMemberCan(auth, caller, { member: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER');
    if (target.organizationId !== organizationId) throw new AuthError('MEMBER_NOT_FOUND');
    if (!(await findOrganizationById(auth.db, organizationId))) throw new AuthError('ORGANIZATION_NOT_FOUND');
    await deleteMemberWithTeams(auth.db, target);
    if (target.userId === user.id && session.activeOrganizationId === organizationId) {
      await setActiveState(auth, request, resolved, null);
    }
    return { member: byEmail ? memberWithUserToJson(target) : memberToJson(target) };
  },
});
