import type { AuthContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import { isCommonPassword } from './common-passwords.ts';

/**
 * Length limits in UTF-16 units, as JavaScript counts them (docs/protocol/core.md#password-policy); then,
 * when the option is on, the list of common passwords (any letter case), which guessing attacks try first.
 */
export function checkNewPassword(auth: AuthContext, password: string): void {
  const { minPasswordLength, maxPasswordLength, rejectCommonPasswords } = auth.options.emailAndPassword;
  if (password.length < minPasswordLength) throw new AuthError('PASSWORD_TOO_SHORT');
  if (password.length > maxPasswordLength) throw new AuthError('PASSWORD_TOO_LONG');
  if (rejectCommonPasswords && isCommonPassword(password)) throw new AuthError('PASSWORD_TOO_COMMON');
}

/** Passwords only checked against a hash still get the maximum, which bounds the hashing work. */
export function checkPasswordMaxLength(auth: AuthContext, password: string): void {
  if (password.length > auth.options.emailAndPassword.maxPasswordLength)
    throw new AuthError('PASSWORD_TOO_LONG');
}
