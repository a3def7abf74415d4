import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { setActiveState } from './active-state.ts';
import { deleteMemberWithTeams, membersHoldingRole, membersWithUser } from './member.repository.ts';
import { isCreator } from './organization-access.ts';
import { memberWithUserToJson } from './organization-json.ts';
import { idSchema } from './organization-schemas.ts';

/** The caller leaves an organization; its last owner cannot (contract §3.21). */
export const leaveOrganization = defineEndpoint({
  name: 'leaveOrganization',
  method: 'POST',
  path: '/organization/leave',
  body: z.object({ organizationId: idSchema }),
  requires: 'session',
  async handler({ auth, request, body, session: resolved }) {
    const { session, user } = resolved;
    const member = await membersWithUser(auth.db)
      .where('member.organizationId', '=', body.organizationId)
      .where('member.userId', '=', user.id)
      .executeTakeFirst();
    if (!member) throw new AuthError('MEMBER_NOT_FOUND');
    const creatorRole = auth.options.organization!.creatorRole;
    if (
      isCreator(auth, member.role) &&
      (await membersHoldingRole(auth.db, body.organizationId, creatorRole)) <= 1
    ) {
      throw new AuthError('YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER');
    }
    await deleteMemberWithTeams(auth.db, member);
    if (session.activeOrganizationId === body.organizationId)
      await setActiveState(auth, request, resolved, null);
    return memberWithUserToJson(member);
  },
});
