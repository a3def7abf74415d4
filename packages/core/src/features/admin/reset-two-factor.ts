import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { userToJson } from '../../user/user.ts';
import { requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { endAllSessions, userOr404 } from './admin-users.ts';

/**
 * POST /admin/reset-two-factor (Gatehouse only; docs/protocol/admin.md#gatehouse-only-routes): the
 * lost-phone case. Two-factor off, secret and backup codes deleted, every trusted browser
 * forgotten, every session ended, so the person signs in with the password alone and enrols again.
 */
export const adminResetTwoFactor = defineEndpoint({
  name: 'adminResetTwoFactor',
  method: 'POST',
  path: '/admin/reset-two-factor',
  summary: "Reset a user's two-factor authentication (lost phone)",
  description:
    'Gatehouse only. Turns two-factor off, deletes the secret and backup codes, forgets every trusted ' +
    'browser and ends every session: the person signs in with the password alone and enrols again.',
  body: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ user: userJson }),
  // NOT_FOUND: two-factor is off.
  errors: ['YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS', 'NOT_FOUND', ['USER_NOT_FOUND', 404]],
  async handler({ auth, request, body, session: resolved }) {
    requirePermission(auth, resolved.user, { user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS');
    const secondFactor = auth.ports.secondFactor;
    if (!secondFactor) throw new AuthError('NOT_FOUND');
    const target = await userOr404(auth, body.userId);
    await secondFactor.reset(auth, target.id);
    await endAllSessions(auth, target.id);
    const user = await userOr404(auth, target.id);
    await auth.audit.record(request, {
      type: 'admin.two_factor_reset',
      actor: { type: 'admin' },
      target: { type: 'user', id: target.id },
    });
    return { user: userToJson(user, auth.options.additionalFields) };
  },
});
