import { z } from 'zod';
import { generateId } from '../../crypto/random.ts';
import { isoNow } from '../../db/schema.ts';
import { isServiceUnavailable } from '../../db/unavailable.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userJson } from '../../http/response-schemas.ts';
import { insertCredentialAccount } from '../../user/account.repository.ts';
import { emailSchema, normalizeEmail } from '../../user/email.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';
import { findUserByEmail, insertUser } from '../../user/user.repository.ts';
import { userToJson } from '../../user/user.ts';
import { nameSchema } from '../../user/user-limits.ts';
import { adminSettings, requirePermission } from './admin-access.ts';
import { emailTaken, joinRoles, roleSchema } from './admin-schemas.ts';
import { userOr404 } from './admin-users.ts';

/** An admin creates an account, with a password or without (then only other sign-ins work). */
export const adminCreateUser = defineEndpoint({
  name: 'adminCreateUser',
  method: 'POST',
  path: '/admin/create-user',
  summary: 'Create a user',
  description: 'With a password, or without one (then only other ways of signing in work).',
  body: z.object({
    email: emailSchema,
    name: nameSchema,
    password: z.string().min(1).max(4096).optional(),
    role: roleSchema.optional(),
    data: z
      .object({ emailVerified: z.boolean().optional(), image: z.string().max(2048).nullish() })
      .optional(),
  }),
  requires: 'sensitive',
  keySessions: ['scoped'],
  response: z.object({ user: userJson }),
  errors: [
    'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS',
    'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
    'PASSWORD_TOO_LONG',
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', 400],
    ['FAILED_TO_CREATE_USER', 500],
    // The user deleted before being read back.
    ['USER_NOT_FOUND', 404],
  ],
  async handler({ auth, request, body, session: resolved }) {
    const { user: actor } = resolved;
    requirePermission(auth, actor, { user: ['create'] }, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS');
    if (body.role)
      requirePermission(auth, actor, { user: ['set-role'] }, 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE');
    if (body.password !== undefined) checkPasswordMaxLength(auth, body.password);
    const email = normalizeEmail(body.email);
    if (await findUserByEmail(auth.db, email)) throw emailTaken();

    const id = generateId();
    const now = isoNow(auth.options.now());
    const passwordHash =
      body.password === undefined ? null : await auth.options.emailAndPassword.password.hash(body.password);
    try {
      await auth.db.transaction().execute(async (trx) => {
        await insertUser(trx, {
          id,
          name: body.name,
          email,
          emailVerified: body.data?.emailVerified ? 1 : 0,
          image: body.data?.image ?? null,
          createdAt: now,
          updatedAt: now,
          role: body.role ? joinRoles(body.role) : adminSettings(auth).defaultRole,
          banned: 0,
        });
        if (passwordHash)
          await insertCredentialAccount(trx, { id: generateId(), userId: id, passwordHash, now });
      });
    } catch (error) {
      // An unreachable database answers 503 now, not after one more wait for the read below.
      if (isServiceUnavailable(error)) throw error;
      if (await findUserByEmail(auth.db, email)) throw emailTaken();
      throw new AuthError('FAILED_TO_CREATE_USER', { status: 500, cause: error });
    }
    await auth.audit.record(request, {
      type: 'admin.user_created',
      actor: { type: 'admin' },
      target: { type: 'user', id: id },
    });
    return { user: userToJson(await userOr404(auth, id), auth.options.additionalFields) };
  },
});
