import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { emailSchema } from '../../user/email.ts';
import { updateUserRow } from '../../user/update-user-row.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { type User, userToJson } from '../../user/user.ts';
import { imageSchema, nameSchema } from '../../user/user-limits.ts';
import { requirePermission } from './admin-access.ts';
import { emailTaken, joinRoles, roleSchema, userIdSchema } from './admin-schemas.ts';
import { applyUserChange, banAndEndSessions, userOr404 } from './admin-users.ts';

// Loose, so the fields that may never change here (`password`, `id`) can be refused by name.
const data = z.looseObject({
  name: nameSchema.optional(),
  image: imageSchema.nullable().optional(),
  email: emailSchema.optional(),
  emailVerified: z.boolean().optional(),
  role: roleSchema.optional(),
  banned: z.boolean().optional(),
  banReason: z.string().max(1024).nullable().optional(),
  banExpires: z.iso.datetime().nullable().optional(),
});

/** Changes a user's profile fields; role, ban and email changes need their own permissions. */
export const adminUpdateUser = defineEndpoint({
  name: 'adminUpdateUser',
  method: 'POST',
  path: '/admin/update-user',
  summary: "Change a user's profile fields",
  description: 'Changing the role, a ban or the email address needs the permission for that change.',
  body: z.object({ userId: userIdSchema, data }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: userJson,
  errors: [
    'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS',
    'PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER',
    'USER_ID_CANNOT_BE_UPDATED',
    'NO_DATA_TO_UPDATE',
    'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
    'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
    'YOU_CANNOT_BAN_YOURSELF',
    'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL',
    ['USER_NOT_FOUND', 404],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 400],
    'USER_NOT_FOUND',
  ],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['update'] }, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS');
    const changes = body.data;
    if ('password' in changes) throw new AuthError('PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER');
    if ('id' in changes) throw new AuthError('USER_ID_CANNOT_BE_UPDATED');
    const known = Object.keys(data.shape).filter((key) => changes[key as keyof typeof changes] !== undefined);
    if (known.length === 0) throw new AuthError('NO_DATA_TO_UPDATE');
    if (changes.role !== undefined) {
      requirePermission(auth, actor, { user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE');
    }
    const touchesBan =
      changes.banned !== undefined || changes.banReason !== undefined || changes.banExpires !== undefined;
    if (touchesBan) requirePermission(auth, actor, { user: ['ban'] }, 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS');
    if (changes.banned === true && body.userId === actor.id) throw new AuthError('YOU_CANNOT_BAN_YOURSELF');
    if (changes.email !== undefined || changes.emailVerified !== undefined) {
      requirePermission(auth, actor, { user: ['set-email'] }, 'YOU_ARE_NOT_ALLOWED_TO_SET_USERS_EMAIL');
    }
    const target = await userOr404(auth, body.userId);
    if (changes.email !== undefined) {
      const owner = await findUserByEmail(auth.db, changes.email);
      if (owner && owner.id !== target.id) throw emailTaken();
    }

    const additional: Record<string, unknown> = {};
    if (changes.role !== undefined) additional.role = joinRoles(changes.role);
    if (changes.banned !== undefined) additional.banned = changes.banned ? 1 : 0;
    if (changes.banReason !== undefined) additional.banReason = changes.banReason;
    // Stored in the one ISO form every other write uses (milliseconds, Z), so stored values compare.
    if (changes.banExpires !== undefined)
      additional.banExpires = changes.banExpires && new Date(changes.banExpires).toISOString();
    const stored = {
      name: changes.name,
      image: changes.image,
      email: changes.email,
      emailVerified: changes.emailVerified,
      additional,
    };
    let updated: User;
    if (changes.banned === true) updated = await banAndEndSessions(auth, target, stored);
    else {
      // Any of these changes may take admin rights away (a role, or a bootstrap admin's address);
      // an admin verifying their own address stays signed in (updateUserRow ends the others).
      updated = await updateUserRow(auth, target, stored, { keepSession: resolved.session.token });
      await applyUserChange(auth, updated);
    }
    await auth.audit.record(request, {
      type: 'admin.user_updated',
      actor: { type: 'admin' },
      target: { type: 'user', id: target.id },
      metadata: { fields: known },
    });
    return userToJson(updated, auth.options.additionalFields);
  },
});
