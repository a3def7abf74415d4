import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findMember, membersWithUser } from './member.repository.ts';
import { findOrganizationBySlug } from './organization.repository.ts';
import { memberWithUserToJson } from './organization-json.ts';
import { idSchema, slugSchema } from './organization-schemas.ts';

/** The caller's membership of the active organization, with the user (contract §3.19). */
export const getActiveMember = defineEndpoint({
  name: 'getActiveMember',
  method: 'GET',
  path: '/organization/get-active-member',
  requires: 'session',
  async handler({ auth, session: { session, user } }) {
    if (!session.activeOrganizationId) throw new AuthError('NO_ACTIVE_ORGANIZATION');
    const row = await membersWithUser(auth.db)
      .where('member.organizationId', '=', session.activeOrganizationId)
      .where('member.userId', '=', user.id)
      .executeTakeFirst();
    if (!row) throw new AuthError('MEMBER_NOT_FOUND');
    return memberWithUserToJson(row);
  },
});

/** The role string of the caller, or of another member, in an organization (contract §3.20). */
export const getActiveMemberRole = defineEndpoint({
  name: 'getActiveMemberRole',
  method: 'GET',
  path: '/organization/get-active-member-role',
  query: z.object({
    userId: idSchema.optional(),
    organizationId: idSchema.optional(),
    organizationSlug: slugSchema.optional(),
  }),
  requires: 'session',
  async handler({ auth, query, session: { session, user } }) {
    let organizationId = query.organizationId ?? session.activeOrganizationId;
    if (query.organizationSlug !== undefined) {
      const found = await findOrganizationBySlug(auth.db, query.organizationSlug);
      if (!found) throw new AuthError('ORGANIZATION_NOT_FOUND');
      organizationId = found.id;
    }
    if (!organizationId) throw new AuthError('NO_ACTIVE_ORGANIZATION');
    const own = await findMember(auth.db, organizationId, user.id);
    if (!own) throw new AuthError('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    if (query.userId === undefined || query.userId === user.id) return { role: own.role };
    const other = await findMember(auth.db, organizationId, query.userId);
    if (!other) throw new AuthError('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
    return { role: other.role };
  },
});
