import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { generateId } from '../../crypto/random.ts';
import { isServiceUnavailable } from '../../db/unavailable.ts';
import { logFailedSend } from '../../email/deliver.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { userWithTokenJson } from '../../http/response-schemas.ts';
import { rememberSignUpDevice } from '../../notices/security-notices.ts';
import { createSession } from '../../session/create-session.ts';
import { additionalFromColumns, parseAdditionalFields } from '../../user/additional-fields.ts';
import { createUserWithPassword, type NewUser } from '../../user/create-user.ts';
import { emailSchema, normalizeEmail } from '../../user/email.ts';
import { checkNewPassword } from '../../user/password-policy.ts';
import { signUpRefusal } from '../../user/sign-up-policy.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { type User, userToJson } from '../../user/user.ts';
import { callbackUrlSchema, imageSchema, nameSchema } from '../../user/user-limits.ts';
import { sendVerificationEmail } from '../../user/verification-email.ts';

// Loose: keys beyond these are the additional-field mechanism (docs/protocol/core.md#additional-user-fields).
const signUpBody = z.looseObject({
  name: nameSchema,
  email: emailSchema,
  password: z.string().min(1),
  image: imageSchema.nullish(),
  callbackURL: callbackUrlSchema.optional(),
  rememberMe: z.boolean().optional(),
});

export const signUpEmail = defineEndpoint({
  name: 'signUpEmail',
  method: 'POST',
  path: '/sign-up/email',
  summary: 'Create an account with an email address and a password',
  description:
    'Signs the new user in at once (session cookies and `token`) unless email verification is required; ' +
    'then `token` is null and a verification link is emailed. An address already in use is refused only ' +
    'when signing in at once, so the answer does not reveal accounts otherwise.',
  body: signUpBody,
  requires: 'none',
  response: userWithTokenJson,
  errors: [
    'EMAIL_PASSWORD_SIGN_UP_DISABLED',
    'SIGN_UP_INVITE_ONLY',
    'INVALID_EMAIL',
    'PASSWORD_TOO_SHORT',
    'PASSWORD_TOO_LONG',
    'PASSWORD_TOO_COMMON',
    'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
    'FAILED_TO_CREATE_USER',
    'MISSING_FIELD',
  ],
  acceptsForm: true,
  async handler({ auth, request, body }) {
    const { enabled, disableSignUp, requireEmailVerification } = auth.options.emailAndPassword;
    // No session without a verified email: then the answer can be the same for a taken address.
    const autoSignIn = auth.options.emailAndPassword.autoSignIn && !requireEmailVerification;
    if (!enabled || disableSignUp) throw new AuthError('EMAIL_PASSWORD_SIGN_UP_DISABLED');
    // First, as 1.7 checks `disableSignUp`, and before the address is looked up: a refusal must
    // not tell who already has an account.
    const refusal = await signUpRefusal(auth, body.email);
    // Closed is Better Auth's `disableSignUp`, so it keeps that answer (packages/core README).
    if (refusal === 'closed') throw new AuthError('EMAIL_PASSWORD_SIGN_UP_DISABLED');
    if (refusal === 'invite-only') throw new AuthError('SIGN_UP_INVITE_ONLY');
    checkNewPassword(auth, body.password);
    const fields = auth.options.additionalFields;
    const parsed = parseAdditionalFields(fields, body, 'create');
    const input: NewUser = {
      name: body.name,
      email: body.email,
      image: body.image ?? null,
      additional: (await auth.ports.userFieldChecks?.check(auth, parsed, { mode: 'create' })) ?? parsed,
    };

    if (await findUserByEmail(auth.db, body.email)) {
      // Without auto sign-in the answer carries no session, so it can be made identical for a
      // taken address; with auto sign-in the 422 is unavoidable (a session cannot be faked).
      if (autoSignIn) throw new AuthError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
      await auth.options.emailAndPassword.password.hash(body.password);
      return { token: null, user: userToJson(unsavedUser(auth, input), fields) };
    }

    const passwordHash = await auth.options.emailAndPassword.password.hash(body.password);
    let user: User;
    try {
      user = await createUserWithPassword(auth, input, passwordHash);
    } catch (error) {
      // An unreachable database answers 503 now, not after one more wait for the read below.
      if (isServiceUnavailable(error)) throw error;
      // Two sign-ups racing for one address: the unique index decides, the loser hears why.
      if (await findUserByEmail(auth.db, body.email))
        throw new AuthError('USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL');
      throw new AuthError('FAILED_TO_CREATE_USER', { cause: error });
    }
    await auth.audit.record(request, {
      type: 'user.signed_up',
      actor: { type: 'user', id: user.id, email: user.email },
      target: { type: 'user', id: user.id },
      sessionId: null,
      metadata: { method: 'password' },
    });
    await rememberSignUpDevice(auth, request, user);
    if (auth.options.emailVerification.sendOnSignUp) {
      // The account exists either way; a delivery failure is logged and the user can ask again.
      await sendVerificationEmail(auth, request, user, body.callbackURL).catch(
        logFailedSend(auth, 'Could not send the verification email after sign-up', request.log),
      );
    }
    if (!autoSignIn) return { token: null, user: userToJson(user, fields) };
    const session = await createSession(auth, request, user, body.rememberMe !== false);
    // The sign-up's session has no sign-in event to carry its id; this one does.
    await auth.audit.record(request, {
      type: 'session.created',
      actor: { type: 'user', id: user.id, email: user.email },
      target: { type: 'session', id: session.id },
      sessionId: session.id,
      metadata: { reason: 'sign_up' },
    });
    return { token: session.token, user: userToJson(user, fields) };
  },
});

/** What a brand-new account would look like: the answer for an address that is already taken. */
function unsavedUser(auth: AuthContext, input: NewUser): User {
  const now = new Date(auth.options.now());
  return {
    id: generateId(),
    name: input.name,
    email: normalizeEmail(input.email),
    emailVerified: false,
    image: input.image,
    createdAt: now,
    updatedAt: now,
    additional: additionalFromColumns(auth.options.additionalFields, input.additional),
  };
}
