import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { twoFactorChallengeJson, userJson } from '../../http/response-schemas.ts';
import { signInWithPassword } from '../../session/password-sign-in.ts';
import { countPasswordAttempt } from '../../session/sign-in-lockout.ts';
import { isValidEmail } from '../../user/email.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';

export const signInEmail = defineEndpoint({
  name: 'signInEmail',
  method: 'POST',
  path: '/sign-in/email',
  summary: 'Sign in with an email address and a password',
  description:
    'Sets the session cookies and answers the user and the session token. A user with two-factor on gets `{ ' +
    'twoFactorRedirect: true, twoFactorMethods }` instead, and finishes with a two-factor route. ' +
    '`rememberMe: false` makes the session end with the browser. Also accepts an HTML form post.',
  body: z.object({
    email: z.string().max(1024),
    password: z.string().max(4096),
    callbackURL: callbackUrlSchema.optional(),
    rememberMe: z.boolean().optional(),
  }),
  requires: 'none',
  response: z.union([
    z.object({ redirect: z.boolean(), token: z.string(), url: z.string().optional(), user: userJson }),
    twoFactorChallengeJson,
  ]),
  errors: [
    'EMAIL_PASSWORD_DISABLED',
    'INVALID_EMAIL',
    'PASSWORD_TOO_LONG',
    'INVALID_EMAIL_OR_PASSWORD',
    'TOO_MANY_SIGN_IN_ATTEMPTS',
    'EMAIL_NOT_VERIFIED',
    'BANNED_USER',
    ['FAILED_TO_CREATE_SESSION', 401],
  ],
  acceptsForm: true,
  auditRefusal: { type: 'user.sign_in_failed', metadata: { method: 'password' } },
  async handler({ auth, request, body }) {
    request.outcome.signingIn('password');
    if (!auth.options.emailAndPassword.enabled) throw new AuthError('EMAIL_PASSWORD_DISABLED');
    if (!isValidEmail(body.email)) throw new AuthError('INVALID_EMAIL');
    checkPasswordMaxLength(auth, body.password);
    const attempt = await countPasswordAttempt(auth, request, { email: body.email });
    const row = await findUserByEmail(auth.db, body.email);
    return signInWithPassword(auth, request, {
      row,
      password: body.password,
      attempt,
      factor: 'password',
      refusal: 'INVALID_EMAIL_OR_PASSWORD',
      callbackURL: body.callbackURL,
      rememberMe: body.rememberMe,
    });
  },
});
