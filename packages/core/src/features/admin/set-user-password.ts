import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { statusJson } from '../../http/response-schemas.ts';
import { setCredentialPassword } from '../../user/account.repository.ts';
import { checkNewPassword } from '../../user/password-policy.ts';
import { requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { userOr404 } from './admin-users.ts';

/** Sets a user's password (creating their credential account if needed); sessions stay. */
export const adminSetUserPassword = defineEndpoint({
  name: 'adminSetUserPassword',
  method: 'POST',
  path: '/admin/set-user-password',
  summary: "Set a user's password",
  description: "Creates the user's password account when they have none; their sessions stay.",
  body: z.object({
    userId: userIdSchema,
    newPassword: z.string().min(1, 'newPassword cannot be empty').max(4096),
  }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: statusJson,
  errors: [
    'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_TOO_COMMON',
    ['USER_NOT_FOUND', 404],
  ],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['set-password'] }, 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD');
    checkNewPassword(auth, body.newPassword);
    const target = await userOr404(auth, body.userId);
    await setCredentialPassword(
      auth.db,
      target.id,
      await auth.options.emailAndPassword.password.hash(body.newPassword),
      auth.options.now(),
    );
    await auth.audit.record(request, {
      type: 'admin.user_password_set',
      actor: { type: 'admin' },
      target: { type: 'user', id: target.id },
    });
    return { status: true };
  },
});
