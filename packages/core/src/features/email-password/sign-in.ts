import { z } from 'zod';
import { logFailedSend } from '../../email/deliver.ts';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { twoFactorChallengeJson, userJson } from '../../http/response-schemas.ts';
import { completeSignIn, type SignInOutcome } from '../../session/sign-in-gate.ts';
import { findCredentialPassword } from '../../user/account.repository.ts';
import { credentialPasswordMatches } from '../../user/credential-password.ts';
import { isValidEmail } from '../../user/email.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';
import { findUserByEmail } from '../../user/user.repository.ts';
import { userFromRow, userToJson } from '../../user/user.ts';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { sendVerificationEmail } from '../../user/verification-email.ts';
import { countPasswordAttempt } from './sign-in-lockout.ts';

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
    const attempt = await countPasswordAttempt(auth, request, body.email);

    const row = await findUserByEmail(auth.db, body.email);
    const userId = row ? (row.id as string) : undefined;
    if (userId) request.outcome.about({ type: 'user', id: userId });
    const hash = userId ? await findCredentialPassword(auth.db, userId) : null;
    if (!row || !hash) {
      // Do the same scrypt work as a real check, so the answer time does not reveal
      // whether the address has an account.
      await auth.options.emailAndPassword.password.hash(body.password);
      await attempt.failed(userId);
      throw new AuthError('INVALID_EMAIL_OR_PASSWORD');
    }
    if (!(await credentialPasswordMatches(auth, row.id as string, hash, body.password))) {
      await attempt.failed(userId);
      throw new AuthError('INVALID_EMAIL_OR_PASSWORD');
    }
    await attempt.succeeded();

    const user = userFromRow(row, auth.options.additionalFields);
    if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
      if (auth.options.emailVerification.sendOnSignIn) {
        await sendVerificationEmail(auth, request, user, body.callbackURL).catch(
          logFailedSend(auth, 'Could not resend the verification email on sign-in', request.log),
        );
      }
      throw new AuthError('EMAIL_NOT_VERIFIED');
    }
    let outcome: SignInOutcome;
    try {
      outcome = await completeSignIn(auth, request, user, { kind: 'password' }, body.rememberMe !== false);
    } catch (error) {
      if (error instanceof AuthError) throw error;
      throw new AuthError('FAILED_TO_CREATE_SESSION', { status: 401, cause: error });
    }
    if (body.callbackURL) request.headers.push(['location', body.callbackURL]);
    // A second factor is owed (docs/protocol/two-factor.md#sign-in-challenge): no session, no user, only the
    // challenge.
    if (outcome.challenge) return outcome.challenge.body;
    return {
      redirect: Boolean(body.callbackURL),
      token: outcome.session.token,
      ...(body.callbackURL ? { url: body.callbackURL } : {}),
      user: userToJson(user, auth.options.additionalFields),
    };
  },
});
