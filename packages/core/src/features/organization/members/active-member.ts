import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { askedOrganizationId } from '../load-organization.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { memberWithUserToJson } from '../organization-json.ts';
import { AS_MEMBER } from '../organization-refusals.ts';
import { memberWithUserJson } from '../organization-response-schemas.ts';
import { idSchema, slugSchema } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { findMember, findMemberWithUser } from './member.repository.ts';

/**
 * The caller's membership of the active organization, with the user
 * (docs/protocol/organization.md#get-active-member).
 */
export const getActiveMember = defineEndpoint({
  name: 'getActiveMember',
  method: 'GET',
  path: '/organization/get-active-member',
  summary: "The caller's membership of the active organization",
  requires: 'session',
  keySessions: ['organization'],
  response: memberWithUserJson,
  errors: ['NO_ACTIVE_ORGANIZATION', 'MEMBER_NOT_FOUND'],
  async handler({ auth, session: { session, user } }) {
    if (!session.activeOrganizationId) throw new AuthError('NO_ACTIVE_ORGANIZATION');
    const row = await findMemberWithUser(auth.db, session.activeOrganizationId, user.id);
    if (!row) throw new AuthError('MEMBER_NOT_FOUND');
    return memberWithUserToJson(row, row.organizationId);
  },
});

/**
 * The role string of the caller, or of another member, in an organization
 * (docs/protocol/organization.md#get-active-member-role).
 */
export const getActiveMemberRoleEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'getActiveMemberRole',
    method: 'GET',
    path: '/organization/get-active-member-role',
    summary: "A member's role in an organization",
    description: "The caller's, or with `userId` another member's.",
    query: z.object({
      userId: idSchema.optional(),
      organizationId: idSchema.optional(),
      organizationSlug: slugSchema.optional(),
    }),
    requires: 'session',
    keySessions: ['organization'],
    response: z.object({ role: z.string() }),
    errors: [
      'ORGANIZATION_NOT_FOUND',
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      ...AS_MEMBER,
    ],
    async handler({ auth, query, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: await askedOrganizationId(auth, query, session),
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      });
      if (query.userId === undefined || query.userId === user.id) return { role: caller.member.role };
      const other = await findMember(auth.db, caller.organizationId, query.userId);
      if (!other) throw new AuthError('YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION');
      return { role: other.role };
    },
  });
