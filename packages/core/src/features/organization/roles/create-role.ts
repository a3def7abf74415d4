import { z } from 'zod';
import { generateId } from '../../../crypto/random.ts';
import { isoNow } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedDynamicAccessControl, ResolvedOrganization } from '../organization-config.ts';
import { roleToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { roleJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr, permissionMapSchema } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { countRoles, findRole, insertRole } from './role.repository.ts';
import { checkGrantable, isPredefinedRole, roleNameSchema } from './role-rules.ts';

/**
 * Stores a custom role for an organization (docs/protocol/organization.md#create-role,
 * docs/protocol/organization.md#custom-roles).
 */
export const createRoleEndpoint = (options: ResolvedOrganization, custom: ResolvedDynamicAccessControl) =>
  defineEndpoint({
    name: 'createOrgRole',
    method: 'POST',
    path: '/organization/create-role',
    summary: 'Create a custom role in an organization',
    body: z.object({
      role: roleNameSchema,
      permission: permissionMapSchema,
      organizationId: idSchema.optional(),
      additionalFields: z.record(z.string(), z.unknown()).optional(),
    }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: z.object({
      success: z.literal(true),
      roleData: roleJson,
      statements: z.record(z.string(), z.array(z.string())),
    }),
    errors: [
      'YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE',
      'ROLE_NAME_IS_ALREADY_TAKEN',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE',
      'TOO_MANY_ROLES',
      'INVALID_RESOURCE',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const organizationId = organizationIdOr(
        body.organizationId,
        session,
        'YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE',
      );
      const name = body.role.toLowerCase();
      if (isPredefinedRole(options, name)) throw new AuthError('ROLE_NAME_IS_ALREADY_TAKEN');
      const caller = await resolveCaller(auth, options, {
        organizationId,
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        permission: { ac: ['create'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE',
      });
      if ((await countRoles(auth.db, organizationId)) >= custom.maximumRolesPerOrganization) {
        throw new AuthError('TOO_MANY_ROLES');
      }
      await checkGrantable(caller, body.permission, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE');
      if (await findRole(auth.db, organizationId, { roleName: name }))
        throw new AuthError('ROLE_NAME_IS_ALREADY_TAKEN');
      const row = {
        id: generateId(),
        organizationId,
        role: name,
        permission: JSON.stringify(body.permission),
        createdAt: isoNow(auth.options.now()),
        updatedAt: null,
      };
      await insertRole(auth.db, row);
      await auth.audit.record(request, {
        type: 'organization.role_created',
        target: { type: 'role', id: row.id },
        organizationId: row.organizationId,
        metadata: { role: row.role },
      });
      return { success: true, roleData: roleToJson(row), statements: body.permission };
    },
  });
