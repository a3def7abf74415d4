import type { AuthContext } from '../context.ts';
import { logFailedSend } from '../email/deliver.ts';
import { AuthError, type ErrorCode } from '../errors.ts';
import type { RequestContext } from '../http/request-context.ts';
import { findCredentialPassword } from '../user/account.repository.ts';
import { credentialPasswordMatches } from '../user/credential-password.ts';
import { userFromRow, userToJson } from '../user/user.ts';
import { sendVerificationEmail } from '../user/verification-email.ts';
import { completeSignIn, type SignInOutcome } from './sign-in-gate.ts';
import type { PasswordAttempt } from './sign-in-lockout.ts';

/** A password sign-in once its route has found (or not) the user by the name it was given. */
export interface PasswordSignIn {
  /** The user row the name belongs to; undefined: no such user. */
  row: Record<string, unknown> | undefined;
  password: string;
  /** The attempt, already counted against the name (`countPasswordAttempt`). */
  attempt: PasswordAttempt;
  /** How the route names the person: the first factor its sign-in event records. */
  factor: 'password' | 'username';
  /** The one answer for every failure, so none tells an unknown name from a wrong password. */
  refusal: ErrorCode;
  callbackURL?: string;
  rememberMe?: boolean;
}

/**
 * The part every password sign-in shares (docs/protocol/core.md#sign-in,
 * docs/protocol/passwordless.md#3-usernames): the password checked, with the same hashing work for an
 * unknown name; the email-verification rule; the sign-in gate, which may answer a two-factor
 * challenge instead of a session; and the answer `{ redirect, token, url?, user }`.
 */
export async function signInWithPassword(auth: AuthContext, request: RequestContext, input: PasswordSignIn) {
  const { row, password, attempt } = input;
  const userId = row ? (row.id as string) : undefined;
  if (userId) request.outcome.about({ type: 'user', id: userId });
  const hash = userId ? await findCredentialPassword(auth.db, userId) : null;
  if (!row || !hash) {
    // Do the same scrypt work as a real check, so the answer time does not reveal
    // whether the name has an account.
    await auth.options.emailAndPassword.password.hash(password);
    await attempt.failed(userId);
    throw new AuthError(input.refusal);
  }
  if (!(await credentialPasswordMatches(auth, row.id as string, hash, password))) {
    await attempt.failed(userId);
    throw new AuthError(input.refusal);
  }
  await attempt.succeeded();

  const user = userFromRow(row, auth.options.additionalFields);
  if (auth.options.emailAndPassword.requireEmailVerification && !user.emailVerified) {
    if (auth.options.emailVerification.sendOnSignIn) {
      await sendVerificationEmail(auth, request, user, input.callbackURL).catch(
        logFailedSend(auth, 'Could not resend the verification email on sign-in', request.log),
      );
    }
    throw new AuthError('EMAIL_NOT_VERIFIED');
  }
  let outcome: SignInOutcome;
  try {
    outcome = await completeSignIn(auth, request, user, { kind: input.factor }, input.rememberMe !== false);
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError('FAILED_TO_CREATE_SESSION', { status: 401, cause: error });
  }
  if (input.callbackURL) request.headers.push(['location', input.callbackURL]);
  // A second factor is owed (docs/protocol/two-factor.md#sign-in-challenge): no session, no user, only the
  // challenge.
  if (outcome.challenge) return outcome.challenge.body;
  return {
    redirect: Boolean(input.callbackURL),
    token: outcome.session.token,
    ...(input.callbackURL ? { url: input.callbackURL } : {}),
    user: userToJson(user, auth.options.additionalFields),
  };
}
