import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { userOr404 } from './admin-users.ts';

/**
 * GET /admin/list-user-memberships?userId= (Gatehouse only; Better Auth has no admin view of a
 * person's organizations): the organizations a user belongs to with their role there and when
 * they joined, oldest first, for the admin user page. Reading a user's details needs the
 * `user: get` permission; with organizations off the path is 404.
 */
export const adminListUserMemberships = defineEndpoint({
  name: 'adminListUserMemberships',
  method: 'GET',
  path: '/admin/list-user-memberships',
  summary: 'List the organizations a user belongs to',
  description: "Gatehouse only: each with the user's role there and when they joined, oldest first.",
  query: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.array(
    z.object({
      memberId: z.string(),
      role: z.string(),
      joinedAt: z.iso.datetime(),
      organization: z.object({
        id: z.string(),
        name: z.string(),
        slug: z.string(),
        logo: z.string().nullable(),
      }),
    }),
  ),
  // NOT_FOUND: organizations are off.
  errors: ['NOT_FOUND', 'YOU_ARE_NOT_ALLOWED_TO_GET_USER', ['USER_NOT_FOUND', 404]],
  noStore: true,
  async handler({ auth, query, session: resolved }) {
    const membership = auth.ports.membership;
    if (!membership) throw new AuthError('NOT_FOUND');
    requirePermission(auth, resolved.user, { user: ['get'] }, 'YOU_ARE_NOT_ALLOWED_TO_GET_USER');
    const user = await userOr404(auth, query.userId);
    return membership.membershipsOf(auth, user.id);
  },
});
