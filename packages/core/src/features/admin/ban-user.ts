import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { userToJson } from '../../user/user.ts';
import { adminSettings, requirePermission } from './admin-access.ts';
import { userIdSchema } from './admin-schemas.ts';
import { banAndEndSessions, userOr404 } from './admin-users.ts';

/** Bans a user: they are signed out everywhere at once and cannot sign in until the ban ends. */
export const adminBanUser = defineEndpoint({
  name: 'adminBanUser',
  method: 'POST',
  path: '/admin/ban-user',
  summary: 'Ban a user',
  description:
    'The user is signed out everywhere at once and cannot sign in until the ban ends (`banExpiresIn` ' +
    'seconds, or for good).',
  body: z.object({
    userId: userIdSchema,
    banReason: z.string().max(1024).optional(),
    banExpiresIn: z
      .number()
      .int()
      .min(0)
      .max(100 * 365 * 86_400)
      .optional(),
  }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ user: userJson }),
  errors: [
    'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
    ['USER_NOT_FOUND', 404],
    'YOU_CANNOT_BAN_YOURSELF',
    // The user deleted between the check and the write.
    'USER_NOT_FOUND',
  ],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS');
    const target = await userOr404(auth, body.userId);
    if (target.id === actor.id) throw new AuthError('YOU_CANNOT_BAN_YOURSELF');
    const admin = adminSettings(auth);
    const seconds = body.banExpiresIn || admin.defaultBanExpiresIn;
    const banExpires = seconds ? new Date(auth.options.now() + seconds * 1000).toISOString() : null;
    const updated = await banAndEndSessions(auth, target, {
      additional: { banned: 1, banReason: body.banReason || admin.defaultBanReason, banExpires },
    });
    await auth.audit.record(request, {
      type: 'admin.user_banned',
      actor: { type: 'admin' },
      target: { type: 'user', id: target.id },
      metadata: { reason: body.banReason || admin.defaultBanReason, expiresAt: banExpires },
    });
    return { user: userToJson(updated, auth.options.additionalFields) };
  },
});

export const adminUnbanUser = defineEndpoint({
  name: 'adminUnbanUser',
  method: 'POST',
  path: '/admin/unban-user',
  summary: 'Lift a ban',
  body: z.object({ userId: userIdSchema }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ user: userJson }),
  errors: ['YOU_ARE_NOT_ALLOWED_TO_BAN_USERS', ['USER_NOT_FOUND', 404], 'USER_NOT_FOUND'],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS');
    const target = await userOr404(auth, body.userId);
    const updated = await updateUserRow(auth, target, {
      additional: { banned: 0, banReason: null, banExpires: null },
    });
    await auth.audit.record(request, {
      type: 'admin.user_unbanned',
      actor: { type: 'admin' },
      target: { type: 'user', id: target.id },
    });
    return { user: userToJson(updated, auth.options.additionalFields) };
  },
});
