import { z } from 'zod';
import { defineEndpoint } from '../../../http/endpoint.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { WITH_PERMISSION } from '../organization-refusals.ts';
import { idSchema, organizationIdOr, permissionMapSchema } from '../organization-schemas.ts';
import { resolveCaller } from './organization-caller.ts';

/**
 * Whether the caller's roles in an organization grant a request: `{ error: null, success }`
 * (docs/protocol/organization.md#has-permission). Over HTTP every check is AND across resources and actions.
 */
export const hasPermissionEndpoint = (options: ResolvedOrganization) =>
  defineEndpoint({
    name: 'hasPermission',
    method: 'POST',
    path: '/organization/has-permission',
    summary: "Whether the caller's roles in an organization grant a permission",
    description: 'Answers `{ error: null, success }`; every resource and action asked must be granted.',
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
    keySessions: ['scoped', 'organization'],
    response: z.object({ error: z.null(), success: z.boolean() }),
    errors: ['NO_ACTIVE_ORGANIZATION', ['USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 401], ...WITH_PERMISSION],
    async handler({ auth, body, session: { session, user } }) {
      const caller = await resolveCaller(auth, options, {
        organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
        user,
        notMember: { code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', status: 401 },
      });
      // The deprecated key always answers false, as the peer does
      // (docs/protocol/organization.md#has-permission quirk).
      if (!body.permissions) return { error: null, success: false };
      return { error: null, success: await caller.can(body.permissions) };
    },
  });
