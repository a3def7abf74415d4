import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { findMember } from './member.repository.ts';
import { memberCan } from './organization-access.ts';
import { idSchema, organizationIdOr, permissionMapSchema } from './organization-schemas.ts';

/**
 * Whether the caller's roles in an organization grant a request: `{ error: null, success }`
 * (contract §3.37). Over HTTP every check is AND across resources and actions.
 */
export const organizationHasPermission = defineEndpoint({
  name: 'hasPermission',
  method: 'POST',
  path: '/organization/has-permission',
  body: z
    .object({
      organizationId: idSchema.optional(),
      permissions: permissionMapSchema.optional(),
      permission: permissionMapSchema.optional(),
    })
    .refine((b) => (b.permissions === undefined) !== (b.permission === undefined), {
      message: 'Invalid input: pass exactly one of permissions or permission',
    }),
  requires: 'session',
  async handler({ auth, body, session: { session, user } }) {
    const organizationId = organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION');
    const member = await findMember(auth.db, organizationId, user.id);
    if (!member) throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', { status: 401 });
    // The deprecated key always answers false, as the peer does (contract §3.37 quirk).
    if (!body.permissions) return { error: null, success: false };
    return { error: null, success: await memberCan(auth, member, body.permissions) };
  },
});
