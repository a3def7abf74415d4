import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { twoFactorChallengeJson, userJson } from '../../http/response-schemas.ts';
import { signInWithPassword } from '../../session/password-sign-in.ts';
import { countPasswordAttempt } from '../../session/sign-in-lockout.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { findUserByUsername } from './username.repository.ts';
import { normalizeUsername, usernameRefusal } from './username-rules.ts';

/**
 * docs/protocol/passwordless.md#3-usernames: `/sign-in/email` with a username instead of an address,
 * its lockout counted per username (README: U4).
 */
export const signInUsername = defineEndpoint({
  name: 'signInUsername',
  method: 'POST',
  path: '/sign-in/username',
  summary: 'Sign in with a username and a password',
  description:
    'As `/sign-in/email`, with the username instead of the address: the session cookies and `{ redirect, ' +
    'token, url?, user }`, or `{ twoFactorRedirect: true, twoFactorMethods }` while a second factor is owed. ' +
    'Every failure answers the same 401 `INVALID_USERNAME_OR_PASSWORD`; a name that breaks the rules is 422.',
  body: z.object({
    username: z.string().max(1024),
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
    ['USERNAME_TOO_SHORT', 422],
    ['USERNAME_TOO_LONG', 422],
    ['INVALID_USERNAME', 422],
    'PASSWORD_TOO_LONG',
    'INVALID_USERNAME_OR_PASSWORD',
    'TOO_MANY_SIGN_IN_ATTEMPTS',
    'EMAIL_NOT_VERIFIED',
    'BANNED_USER',
    ['FAILED_TO_CREATE_SESSION', 401],
  ],
  acceptsForm: true,
  auditRefusal: { type: 'user.sign_in_failed', metadata: { method: 'username' } },
  async handler({ auth, request, body }) {
    request.outcome.signingIn('username');
    // A password sign-in like /sign-in/email: off with it.
    if (!auth.options.emailAndPassword.enabled) throw new AuthError('EMAIL_PASSWORD_DISABLED');
    if (!body.username || !body.password) throw new AuthError('INVALID_USERNAME_OR_PASSWORD');
    const refusal = usernameRefusal(body.username);
    if (refusal) throw new AuthError(refusal, { status: 422 });
    checkPasswordMaxLength(auth, body.password);
    const username = normalizeUsername(body.username);
    const attempt = await countPasswordAttempt(auth, request, { username });
    const row = await findUserByUsername(auth.db, username);
    return signInWithPassword(auth, request, {
      row,
      password: body.password,
      attempt,
      factor: 'username',
      refusal: 'INVALID_USERNAME_OR_PASSWORD',
      callbackURL: body.callbackURL,
      rememberMe: body.rememberMe,
    });
  },
});
