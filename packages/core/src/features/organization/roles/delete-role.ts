import { z } from 'zod';
import { AuthError } from '../../../errors.ts';
import { defineEndpoint } from '../../../http/endpoint.ts';
import { membersHoldingRole } from '../members/member.repository.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { idSchema, organizationIdOr } from '../organization-schemas.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { deleteRoleRow, findRole } from './role.repository.ts';
import { isPredefinedRole } from './role-rules.ts';

/** Deletes a stored role nobody holds (docs/protocol/organization.md#delete-role). */
export const deleteRoleEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'deleteOrgRole',
    method: 'POST',
    path: '/organization/delete-role',
    summary: 'Delete a custom role nobody holds',
    body: z
      .object({
        organizationId: idSchema.optional(),
        roleName: idSchema.optional(),
        roleId: idSchema.optional(),
      })
      .refine((b) => b.roleName !== undefined || b.roleId !== undefined, { message: 'Invalid input' }),
    requires: 'session',
    keySessions: ['scoped', 'organization'],
    response: z.object({ success: z.literal(true) }),
    errors: [
      'NO_ACTIVE_ORGANIZATION',
      'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
      'YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE',
      'CANNOT_DELETE_A_PRE_DEFINED_ROLE',
      'ROLE_NOT_FOUND',
      'ROLE_IS_ASSIGNED_TO_MEMBERS',
      ...WITH_PERMISSION,
    ],
    async handler({ auth, request, body, session: { session, user } }) {
      const { organizationId } = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        permission: { ac: ['delete'] },
        denied: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE',
      });
      if (body.roleName !== undefined && isPredefinedRole(options, body.roleName)) {
        throw new AuthError('CANNOT_DELETE_A_PRE_DEFINED_ROLE');
      }
      const row = await findRole(auth.db, organizationId, body);
      if (!row) throw new AuthError('ROLE_NOT_FOUND');
      if ((await membersHoldingRole(auth.db, organizationId, row.role)) > 0)
        throw new AuthError('ROLE_IS_ASSIGNED_TO_MEMBERS');
      await deleteRoleRow(auth.db, row.id);
      await auth.audit.record(request, {
        type: 'organization.role_deleted',
        target: { type: 'role', id: row.id },
        organizationId: row.organizationId,
        metadata: { role: row.role },
      });
      return { success: true };
    },
  });
