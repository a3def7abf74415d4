import { z } from 'zod';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { teamIdsByUser } from './team.repository.ts';

/**
 * Gatehouse's own read for the members list's teams column (README: list-member-teams): every
 * member's teams in one answer, where Better Auth needs a list-user-teams call per member. It shows
 * what list-user-teams shows about others, so it asks the same right (member:update).
 */
export const listMemberTeamsEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'listMemberTeams',
    method: 'GET',
    path: '/organization/list-member-teams',
    summary: "Every member's teams in one answer",
    description:
      'Gatehouse only, for the members list: Better Auth needs a list-user-teams call per member. Needs the ' +
      '`member: update` permission.',
    query: z.object({ organizationId: idSchema.optional() }),
    requires: 'session',
    // Each member's team ids by user id.
    response: z.object({ teams: z.record(z.string(), z.array(z.string())) }),
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, query, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(query.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        permission: { member: ['update'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      });
      return { teams: await teamIdsByUser(auth.db, caller.organizationId) };
    },
  });
