import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { SignInFactor } from '../../http/request-outcome.ts';
import { noticeSignIn } from '../../notices/security-notices.ts';
import { createSession } from '../../session/create-session.ts';
import { resolveSession } from '../../session/resolve-session.ts';
import type { Session } from '../../session/session.ts';
import { clearCookie, hasDontRemember, readSignedCookie } from '../../session/session-cookies.ts';
import { recordSignedIn } from '../../session/sign-in-gate.ts';
import { findUserById } from '../../user/user.repository.ts';
import { type User, userFromRow, userToJson } from '../../user/user.ts';
import {
  consumeVerification,
  findVerification,
  insertVerification,
} from '../../user/verification.repository.ts';
import { attemptsId, firstFactorId, parseFirstFactor } from './sign-in-challenge.ts';
import { trustThisBrowser } from './trusted-device.ts';
import { challengeCookie } from './two-factor-cookies.ts';
import type { ResolvedTwoFactor } from './two-factor-options.ts';

/**
 * Failures a challenge allows for authenticator and backup codes before it ends
 * (docs/protocol/two-factor.md#attempts-per-challenge).
 */
const CHALLENGE_ATTEMPTS = 5;

/**
 * Who a second-factor check is for (docs/protocol/two-factor.md#verification-modes): the signed-in user
 * (enrolment, step-up), or the person holding a pending sign-in challenge.
 */
export type Subject =
  | { mode: 'session'; user: User; session: Session; otpKey: string }
  | { mode: 'sign-in'; user: User; challengeId: string; challengeExpiresAt: Date; otpKey: string };

const invalidCookie = () => new AuthError('INVALID_TWO_FACTOR_COOKIE');

/**
 * A session read from the database first; without one, the challenge cookie; else 401. A check
 * against a challenge is a sign-in attempt with `factor`, when the route checks one.
 */
export async function resolveSubject(
  auth: AuthContext,
  request: RequestContext,
  factor?: SignInFactor,
): Promise<Subject> {
  request.session ??= resolveSession(auth, request, { disableCookieCache: true });
  const resolved = await request.session;
  if (resolved) {
    const { user, session } = resolved;
    return { mode: 'session', user, session, otpKey: `${user.id}!${session.id}` };
  }
  const challengeId = readSignedCookie(auth, request, challengeCookie(auth));
  if (!challengeId) throw invalidCookie();
  const challenge = await findVerification(auth.db, challengeId, auth.options.now());
  if (!challenge) throw invalidCookie();
  const row = await findUserById(auth.db, challenge.value);
  if (!row) throw invalidCookie();
  if (factor) request.outcome.signingIn(factor);
  return {
    mode: 'sign-in',
    user: userFromRow(row, auth.options.additionalFields),
    challengeId,
    challengeExpiresAt: challenge.expiresAt,
    otpKey: challengeId,
  };
}

export interface Attempt {
  failed(): Promise<void>;
  /** Puts the count back as it was, when the check itself could not run. */
  restore(): Promise<void>;
}

/**
 * Takes one of the challenge's attempts (docs/protocol/two-factor.md#attempts-per-challenge): the counter row
 * is consumed, so of concurrent checks only one proceeds; the sixth try ends the challenge. Session mode has
 * no counter.
 */
export async function beginAttempt(
  auth: AuthContext,
  request: RequestContext,
  subject: Subject,
): Promise<Attempt> {
  if (subject.mode === 'session') return { failed: async () => {}, restore: async () => {} };
  const id = attemptsId(subject.challengeId);
  const now = auth.options.now();
  const consumed = await consumeVerification(auth.db, id, now);
  if (consumed === null) throw invalidCookie();
  const parsed = Number(consumed);
  const attempts = Number.isInteger(parsed) && parsed >= 0 ? parsed : CHALLENGE_ATTEMPTS;
  if (attempts >= CHALLENGE_ATTEMPTS) {
    await consumeVerification(auth.db, subject.challengeId, now);
    clearCookie(auth, request, challengeCookie(auth));
    throw new AuthError('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
  }
  const rearm = (count: number) =>
    insertVerification(auth.db, id, String(count), subject.challengeExpiresAt, auth.options.now());
  return { failed: () => rearm(attempts + 1), restore: () => rearm(attempts) };
}

/**
 * The answer to a passed check (docs/protocol/two-factor.md#verification-modes). Session mode: the current
 * session. Sign-in mode: the challenge is consumed (it must still name this user), a session is created with
 * the remember-me choice made at sign-in, and the browser is trusted when asked.
 */
export async function passedAnswer(
  auth: AuthContext,
  request: RequestContext,
  config: ResolvedTwoFactor,
  subject: Subject,
  trustDevice: boolean | undefined,
  method: 'totp' | 'otp' | 'backup_code',
): Promise<{ token: string; user: Record<string, unknown> }> {
  const fields = auth.options.additionalFields;
  await auth.audit.record(request, {
    type: 'user.two_factor_verified',
    actor: { type: 'user', id: subject.user.id, email: subject.user.email },
    target: { type: 'user', id: subject.user.id },
    metadata: { method, trustDevice: trustDevice === true, signIn: subject.mode === 'sign-in' },
  });
  if (subject.mode === 'session')
    return { token: subject.session.token, user: userToJson(subject.user, fields) };
  const owner = await consumeVerification(auth.db, subject.challengeId, auth.options.now());
  if (owner !== subject.user.id) {
    clearCookie(auth, request, challengeCookie(auth));
    throw invalidCookie();
  }
  const firstFactor = parseFirstFactor(
    await consumeVerification(auth.db, firstFactorId(subject.challengeId), auth.options.now()),
  );
  let session: Session;
  try {
    session = await createSession(auth, request, subject.user, !hasDontRemember(auth, request));
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError('FAILED_TO_CREATE_SESSION', {
      status: 500,
      message: 'failed to create session',
      cause: error,
    });
  }
  clearCookie(auth, request, challengeCookie(auth));
  await recordSignedIn(auth, request, subject.user, session, firstFactor, method);
  await noticeSignIn(auth, request, subject.user);
  if (trustDevice) await trustThisBrowser(auth, request, config, subject.user.id);
  return { token: session.token, user: userToJson(subject.user, fields) };
}
