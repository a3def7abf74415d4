import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireSession } from '../../session/require-session.ts';
import { userCan } from './admin-access.ts';

const permissions = z.record(z.string().max(64), z.array(z.string().max(64)).max(32));

/** Whether the signed-in user holds a permission: `{ error: null, success }`. */
export const adminHasPermission = defineEndpoint({
  name: 'adminHasPermission',
  method: 'POST',
  path: '/admin/has-permission',
  summary: 'Whether the signed-in user holds an admin permission',
  description: 'Answers `{ error: null, success }`.',
  // Exactly one of the two (docs/protocol/admin.md#has-permission via
  // docs/protocol/organization.md#has-permission): both, or neither, is a validation error; the deprecated
  // `permission` alone gets its own 400 in the handler.
  body: z
    .object({ permissions: permissions.optional(), permission: permissions.optional() })
    .refine((body) => (body.permissions === undefined) !== (body.permission === undefined), {
      message: 'Invalid input: pass exactly one of permissions or permission',
    }),
  requires: 'none',
  keySessions: ['scoped'],
  readsSession: 'session',
  response: z.object({ error: z.null(), success: z.boolean() }),
  // The session is read in the handler, after the body: its refusals are declared here.
  errors: ['INVALID_PERMISSION_CHECK', ['FAILED_TO_GET_SESSION', 401], 'UNAUTHORIZED'],
  async handler({ auth, request, body }) {
    if (!body.permissions) throw new AuthError('INVALID_PERMISSION_CHECK');
    const { user } = await requireSession(auth, request, 'sensitive');
    return { error: null, success: userCan(auth, user, body.permissions) };
  },
});
