import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { userToJson } from '../../user/user.ts';
import { requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { userOr404 } from './admin-users.ts';

export const adminGetUser = defineEndpoint({
  name: 'adminGetUser',
  method: 'GET',
  path: '/admin/get-user',
  summary: 'Read one user',
  query: z.object({ id: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: userJson,
  errors: ['YOU_ARE_NOT_ALLOWED_TO_GET_USER', ['USER_NOT_FOUND', 404]],
  async handler({ auth, query, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER');
    return userToJson(await userOr404(auth, query.id), auth.options.additionalFields);
  },
});
