import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { findMember } from '../members/member.repository.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { teamToJson } from '../organization-json.ts';
import { AS_MEMBER, WITH_PERMISSION } from '../organization-refusals.ts';
import { teamJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { listTeamsOfOrganization, listTeamsOfUser } from './team.repository.ts';

/** An organization's teams (docs/protocol/organization.md#list-teams). */
export const listTeamsEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'listOrganizationTeams',
    method: 'GET',
    path: '/organization/list-teams',
    summary: "List an organization's teams",
    query: z.object({ organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['organization'],
    response: z.array(teamJson),
    errors: ['NO_ACTIVE_ORGANIZATION', 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION', ...AS_MEMBER],
    async handler({ auth, query, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(query.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION',
      });
      return (await listTeamsOfOrganization(auth.db, caller.organizationId)).map(teamToJson);
    },
  });

/**
 * The caller's teams, or (with member:update) another member's
 * (docs/protocol/organization.md#list-user-teams).
 */
export const listUserTeamsEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'listUserTeams',
    method: 'GET',
    path: '/organization/list-user-teams',
    summary: "List the caller's teams",
    description: "Or, with the `member: update` permission, another member's.",
    query: z.object({ userId: idSchema.optional(), organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['organization'],
    response: z.array(teamJson),
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
      'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, query, session: { session, user } }) {
      if (query.userId !== undefined && query.userId !== user.id) {
        const caller = await resolveCaller(auth, options, {
          organizationId: organizationIdOr(query.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
          user,
          notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
          permission: { member: ['update'] },
          denied: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER',
        });
        if (!(await findMember(auth.db, caller.organizationId, query.userId))) {
          throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION');
        }
        return (await listTeamsOfUser(auth.db, query.userId, caller.organizationId)).map(teamToJson);
      }
      if (query.organizationId !== undefined) {
        await resolveCaller(auth, options, {
          organizationId: query.organizationId,
          user,
          notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        });
      }
      return (await listTeamsOfUser(auth.db, user.id, query.organizationId)).map(teamToJson);
    },
  });
