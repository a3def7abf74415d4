import type { AuthContext } from '../context.ts';
import type { Session } from './session.ts';

/**
 * Whether the person proved who they are on this session within the fresh age: the `recent`
 * requirement of the actions that would let a stolen cookie keep the account (a passkey,
 * two-factor, the email, unlinking a provider, deleting it). Stricter than freshness
 * (docs/protocol/core.md#session-lifecycle), which any refresh restores: only a sign-in, a second
 * factor or a re-authentication moves `authenticatedAt`. A row Better Auth wrote (null) counts
 * from its creation; a session not read from the database (no `authenticatedAt` at all) is never
 * recent. A fresh age of 0 turns the check off, as it does freshness.
 */
export function isRecentlyAuthenticated(auth: AuthContext, session: Session): boolean {
  const { freshAge } = auth.options.session;
  if (freshAge === 0) return true;
  if (session.authenticatedAt === undefined) return false;
  const at = (session.authenticatedAt ?? session.createdAt).getTime();
  return auth.options.now() - at < freshAge * 1000;
}
