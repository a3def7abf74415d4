import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { userToJson } from '../../user/user.ts';
import { requirePermission } from './admin-access.ts';
import { joinRoles, roleSchema, userIdSchema } from './admin-schemas.ts';
import { applyUserChange, userOr404 } from './admin-users.ts';

export const adminSetRole = defineEndpoint({
  name: 'adminSetRole',
  method: 'POST',
  path: '/admin/set-role',
  summary: "Set a user's role or roles",
  body: z.object({ userId: userIdSchema, role: roleSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ user: userJson }),
  errors: ['YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE', ['USER_NOT_FOUND', 404], 'USER_NOT_FOUND'],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE');
    const target = await userOr404(auth, body.userId);
    const updated = await updateUserRow(auth, target, { additional: { role: joinRoles(body.role) } });
    await applyUserChange(auth, updated);
    await auth.audit.record(request, {
      type: 'admin.user_role_set',
      actor: { type: 'admin' },
      target: { type: 'user', id: target.id },
      metadata: { from: roleOf(target.additional.role), to: joinRoles(body.role) },
    });
    return { user: userToJson(updated, auth.options.additionalFields) };
  },
});

const roleOf = (role: unknown): string | null => (typeof role === 'string' ? role : null);
