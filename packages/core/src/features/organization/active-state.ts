import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import { reissueSessionCookies } from '../../session/session-cookies.ts';
import { type ActiveState, updateActiveState } from './active-state.repository.ts';

/**
 * Points the calling session at an organization and/or team, or at none; a key left out stays as
 * it is. The session cookies are re-issued on every change, so a cookie-cached get-session never
 * shows a stale active organization.
 */
export async function setActiveState(
  auth: AuthContext,
  request: RequestContext,
  resolved: ResolvedSession,
  changes: ActiveState,
): Promise<void> {
  // Keys given as undefined are left out too, so they cannot blank the session's values.
  const set: ActiveState = {};
  if (changes.activeOrganizationId !== undefined) set.activeOrganizationId = changes.activeOrganizationId;
  if (changes.activeTeamId !== undefined) set.activeTeamId = changes.activeTeamId;
  if (Object.keys(set).length === 0) return;
  await updateActiveState(auth.db, resolved.session.token, set);
  // A new object: a cookie-cached session is shared with the verifier's memo and must stay as it was.
  const session = { ...resolved.session, ...set };
  resolved.session = session;
  delete resolved.cachedBody;
  reissueSessionCookies(auth, request, session, resolved.user);
}
