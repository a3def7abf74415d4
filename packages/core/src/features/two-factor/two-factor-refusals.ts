import type { ErrorCode } from '../../errors.ts';
import type { DeclaredError } from '../../http/endpoint.ts';

/** `confirmPassword`: the password, or a recent sign-in for accounts without one. */
export const PASSWORD_CONFIRMATION: readonly DeclaredError[] = [
  'INVALID_PASSWORD',
  'PASSWORD_TOO_LONG',
  'SESSION_NOT_FRESH',
];

/** The refusal of `confirmPassword` a settings route records as its own event, failed. */
export const PASSWORD_REFUSED: readonly ErrorCode[] = ['INVALID_PASSWORD'];

/**
 * What every code check answers: whose check it is (`resolveSubject`: the session, read in the
 * handler, or the sign-in challenge cookie), the lockout, and on success the new session
 * (`passedAnswer`), which a banned user does not get.
 */
export const SECOND_FACTOR_CHECK: readonly DeclaredError[] = [
  ['FAILED_TO_GET_SESSION', 401],
  'INVALID_TWO_FACTOR_COOKIE',
  'ACCOUNT_TEMPORARILY_LOCKED',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'BANNED_USER',
  ['FAILED_TO_CREATE_SESSION', 500],
];
