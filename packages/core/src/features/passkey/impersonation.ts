import { AuthError } from '../../errors.ts';
import type { Session } from '../../session/session.ts';

/**
 * An admin acting as someone may not give themselves a passkey to that person's account: it would
 * outlive the impersonation as a way back in that the person never chose (docs/api.md#passkey-errors).
 */
export function refuseImpersonation(session: Pick<Session, 'impersonatedBy'>): void {
  if (session.impersonatedBy) throw new AuthError('PASSKEY_REGISTRATION_WHILE_IMPERSONATING');
}
