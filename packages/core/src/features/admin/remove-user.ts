import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { deleteUserAndSessions } from '../../user/delete-user.ts';
import { requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { userOr404 } from './admin-users.ts';

export const adminRemoveUser = defineEndpoint({
  name: 'adminRemoveUser',
  method: 'POST',
  path: '/admin/remove-user',
  summary: 'Delete a user',
  description: 'Every session of the user ends with the account.',
  body: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ success: z.literal(true) }),
  errors: ['YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS', 'YOU_CANNOT_REMOVE_YOURSELF', ['USER_NOT_FOUND', 404]],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['delete'] }, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS');
    if (body.userId === actor.id) throw new AuthError('YOU_CANNOT_REMOVE_YOURSELF');
    const target = await userOr404(auth, body.userId);
    await deleteUserAndSessions(auth, target.id, {
      request,
      event: {
        type: 'admin.user_deleted',
        actor: { type: 'admin' },
        target: { type: 'user', id: target.id },
      },
    });
    return { success: true };
  },
});
