import type { AdminSession, Session } from '@gatehouse/client';

/**
 * The id of the admin acting through this session, or null for an ordinary one. get-session sends
 * `impersonatedBy` (docs/protocol/admin.md#wire-shapes) though the core Session type leaves it out.
 */
export function impersonatorOf(session: Session | undefined): string | null {
  return (session as Partial<AdminSession> | undefined)?.impersonatedBy ?? null;
}

/**
 * A full page load at `path`. After the session changes hands (impersonate, stop) every cache,
 * React Query's and the session store's, must start again, and a reload is the sure way.
 * A module of its own so tests can replace it.
 */
export function reloadAt(path: string): void {
  window.location.assign(path);
}
