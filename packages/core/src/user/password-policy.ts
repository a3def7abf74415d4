import type { AuthContext } from '../context.ts';
import { AuthError } from '../errors.ts';

/** Length limits in UTF-16 units, as JavaScript counts them (contract §6.3). */
export function checkNewPassword(auth: AuthContext, password: string): void {
  const { minPasswordLength, maxPasswordLength } = auth.options.emailAndPassword;
  if (password.length < minPasswordLength) throw new AuthError('PASSWORD_TOO_SHORT');
  if (password.length > maxPasswordLength) throw new AuthError('PASSWORD_TOO_LONG');
}

/** Passwords only checked against a hash still get the maximum, which bounds the hashing work. */
export function checkPasswordMaxLength(auth: AuthContext, password: string): void {
  if (password.length > auth.options.emailAndPassword.maxPasswordLength)
    throw new AuthError('PASSWORD_TOO_LONG');
}
