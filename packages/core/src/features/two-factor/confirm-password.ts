import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { isResolvedFresh, type ResolvedSession } from '../../session/resolve-session.ts';
import { findCredentialPassword } from '../../user/account.repository.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';

/**
 * The proof the settings routes ask for (docs/protocol/two-factor.md#password-and-session-requirements and
 * docs/protocol/two-factor.md#d7-passwordless-users-can-enrol-from-a-fresh-session): the password when the
 * user has one; a user who signs in only with a provider or a passkey proves themselves with a fresh session
 * instead (1.7 refuses them unless `allowPasswordless`).
 */
export async function confirmPassword(
  auth: AuthContext,
  resolved: ResolvedSession,
  password: string | undefined,
): Promise<void> {
  const hash = await findCredentialPassword(auth.db, resolved.user.id);
  if (!hash) {
    if (!isResolvedFresh(auth, resolved)) throw new AuthError('SESSION_NOT_FRESH');
    return;
  }
  if (password === undefined) throw new AuthError('INVALID_PASSWORD');
  checkPasswordMaxLength(auth, password);
  if (!(await auth.options.emailAndPassword.password.verify({ hash, password })))
    throw new AuthError('INVALID_PASSWORD');
}
