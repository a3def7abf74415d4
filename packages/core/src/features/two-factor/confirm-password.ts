import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { isRecentlyAuthenticated } from '../../session/recent-authentication.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import { findCredentialPassword } from '../../user/account.repository.ts';
import { credentialPasswordMatches } from '../../user/credential-password.ts';
import { checkPasswordMaxLength } from '../../user/password-policy.ts';

/**
 * The proof the settings routes ask for (docs/protocol/two-factor.md#password-and-session-requirements and
 * docs/protocol/two-factor.md#d7-passwordless-users-can-enrol-from-a-fresh-session): the password when the
 * user has one; a user who signs in only with a provider or a passkey proves themselves with a session on
 * which they recently proved who they are instead (1.7 refuses them unless `allowPasswordless`). Recent, not
 * merely fresh: a refresh makes any stale session fresh (README: "Recent authentication").
 */
export async function confirmPassword(
  auth: AuthContext,
  resolved: ResolvedSession,
  password: string | undefined,
): Promise<void> {
  const hash = await findCredentialPassword(auth.db, resolved.user.id);
  if (!hash) {
    if (!isRecentlyAuthenticated(auth, resolved.session)) throw new AuthError('SESSION_NOT_FRESH');
    return;
  }
  if (password === undefined) throw new AuthError('INVALID_PASSWORD');
  checkPasswordMaxLength(auth, password);
  if (!(await credentialPasswordMatches(auth, resolved.user.id, hash, password)))
    throw new AuthError('INVALID_PASSWORD');
}
