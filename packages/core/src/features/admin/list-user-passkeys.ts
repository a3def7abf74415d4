import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { passkeyJson } from '../../http/response-schemas.ts';
import { requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { userOr404 } from './admin-users.ts';

/**
 * GET /admin/list-user-passkeys?userId= (Gatehouse only; docs/protocol/admin.md#gatehouse-only-routes): a
 * user's passkeys for the admin user page, in the row shape of `/passkey/list-user-passkeys`.
 * Reading a user's details needs the `user: get` permission; with passkeys off the path is 404.
 */
export const adminListUserPasskeys = defineEndpoint({
  name: 'adminListUserPasskeys',
  method: 'GET',
  path: '/admin/list-user-passkeys',
  summary: "List a user's passkeys",
  description: 'Gatehouse only, for the admin user page, in the row shape of `/passkey/list-user-passkeys`.',
  query: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.array(passkeyJson),
  // NOT_FOUND: passkeys are off.
  errors: ['NOT_FOUND', 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', ['USER_NOT_FOUND', 404]],
  noStore: true,
  async handler({ auth, query, session: resolved }) {
    const passkeys = auth.ports.passkeys;
    if (!passkeys) throw new AuthError('NOT_FOUND');
    requirePermission(auth, resolved.user, { user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER');
    const user = await userOr404(auth, query.userId);
    return passkeys.listOfUser(auth, user.id);
  },
});
