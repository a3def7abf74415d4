import type { AuthContext } from '../context.ts';
import { isoNow } from '../db/schema.ts';
import { normalizeEmail } from './email.ts';
import { hasAcceptableInvitation } from './pending-invitation.repository.ts';

/** Who may create an account on their own; an admin-created account never asks (packages/core README). */
export type SignUpPolicy = 'open' | 'invite-only' | 'closed';

/**
 * Why a person may not create an account for this address themselves, or null when they may.
 * Callers ask before looking the address up, so a refusal says nothing about existing users.
 */
export async function signUpRefusal(
  auth: AuthContext,
  email: string,
): Promise<'closed' | 'invite-only' | null> {
  const policy = auth.options.signUp;
  if (policy === 'open') return null;
  if (policy === 'closed') return 'closed';
  const invited = await hasAcceptableInvitation(auth.db, normalizeEmail(email), isoNow(auth.options.now()));
  return invited ? null : 'invite-only';
}
