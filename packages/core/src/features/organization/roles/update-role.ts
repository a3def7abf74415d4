import { z } from 'zod';
import { isoNow } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { roleToJson } from '../organization-json.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { roleJson } from '../organization-response-schemas.ts';
import { idSchema, organizationIdOr, permissionMapSchema } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { findRole, updateRoleRow } from './role.repository.ts';
import { checkGrantable, isPredefinedRole, roleNameSchema } from './role-rules.ts';

/** Changes a stored role's permissions or name (docs/protocol/organization.md#update-role). */
export const updateRoleEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'updateOrgRole',
    method: 'POST',
    path: '/organization/update-role',
    summary: "Change a custom role's permissions or name",
    body: z
      .object({
        organizationId: idSchema.optional(),
        roleName: idSchema.optional(),
        roleId: idSchema.optional(),
        data: z.object({ permission: permissionMapSchema.optional(), roleName: roleNameSchema.optional() }),
      })
      .refine((b) => b.roleName !== undefined || b.roleId !== undefined, { message: 'Invalid input' }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: z.object({ success: z.literal(true), roleData: roleJson }),
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE',
      'ROLE_NOT_FOUND',
      'INVALID_RESOURCE',
      'ROLE_NAME_IS_ALREADY_TAKEN',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        permission: { ac: ['update'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE',
      });
      const { organizationId } = caller;
      const row = await findRole(auth.db, organizationId, body);
      if (!row) throw new AuthError('ROLE_NOT_FOUND');
      const { permission } = body.data;
      if (permission) await checkGrantable(caller, permission, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE');
      const newName = body.data.roleName?.toLowerCase();
      if (newName !== undefined) {
        if (
          isPredefinedRole(options, newName) ||
          (await findRole(auth.db, organizationId, { roleName: newName }))
        ) {
          throw new AuthError('ROLE_NAME_IS_ALREADY_TAKEN');
        }
      }
      const changes = {
        role: newName,
        permission: permission ? JSON.stringify(permission) : undefined,
        updatedAt: isoNow(auth.options.now()),
      };
      await updateRoleRow(auth.db, row.id, changes);
      await auth.audit.record(request, {
        type: 'organization.role_updated',
        target: { type: 'role', id: row.id },
        organizationId: row.organizationId,
        metadata: { role: row.role, fields: Object.keys(changes) },
      });
      const merged = { ...row, role: newName ?? row.role, permission: changes.permission ?? row.permission };
      return { success: true, roleData: roleToJson(merged) };
    },
  });
