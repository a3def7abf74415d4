import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import { reissueSessionCookies } from '../../session/session-data.ts';

/**
 * Points the calling session at an organization (and team), or at none. The session cookies are
 * re-issued on every change, so a cookie-cached get-session never shows a stale active organization.
 * `teamId` undefined leaves the active team as it is.
 */
export async function setActiveState(
  auth: AuthContext,
  request: RequestContext,
  resolved: ResolvedSession,
  organizationId: string | null | undefined,
  teamId?: string | null,
): Promise<void> {
  const changes: { activeOrganizationId?: string | null; activeTeamId?: string | null } = {};
  if (organizationId !== undefined) changes.activeOrganizationId = organizationId;
  if (teamId !== undefined && auth.options.organization!.teams) changes.activeTeamId = teamId;
  if (Object.keys(changes).length === 0) return;
  await auth.db.updateTable('session').set(changes).where('token', '=', resolved.session.token).execute();
  // A new object: a cookie-cached session is shared with the verifier's memo and must stay as it was.
  const session = { ...resolved.session, ...changes };
  resolved.session = session;
  delete resolved.cachedBody;
  reissueSessionCookies(auth, request, session, resolved.user);
}
