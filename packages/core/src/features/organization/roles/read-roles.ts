import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { roleToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { roleJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { findRole, listRolesOfOrganization } from './role.repository.ts';

/**
 * An organization's stored roles; needs ac:read, which plain members hold
 * (docs/protocol/organization.md#list-roles).
 */
export const listRolesEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'listOrgRoles',
    method: 'GET',
    path: '/organization/list-roles',
    summary: "List an organization's custom roles",
    query: z.object({ organizationId: idSchema.optional() }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: z.array(roleJson),
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, query, session: { session, user } }) {
      const { organizationId } = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(query.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        permission: { ac: ['read'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE',
      });
      return (await listRolesOfOrganization(auth.db, organizationId)).map(roleToJson);
    },
  });

/** One stored role by exact name or id (docs/protocol/organization.md#get-role). */
export const getRoleEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'getOrgRole',
    method: 'GET',
    path: '/organization/get-role',
    summary: 'Read one custom role',
    description: 'By its exact name or its id.',
    query: z
      .object({
        organizationId: idSchema.optional(),
        roleName: idSchema.optional(),
        roleId: idSchema.optional(),
      })
      .refine((q) => q.roleName !== undefined || q.roleId !== undefined, { message: 'Invalid input' }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: roleJson,
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE',
      'ROLE_NOT_FOUND',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, query, session: { session, user } }) {
      const { organizationId } = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(query.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        permission: { ac: ['read'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE',
      });
      const row = await findRole(auth.db, organizationId, query);
      if (!row) throw new AuthError('ROLE_NOT_FOUND');
      return roleToJson(row);
    },
  });
