import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import { setActiveState } from './active-state.ts';
import { findMember, type MemberRow } from './member.repository.ts';
import { findOrganizationById, findOrganizationBySlug } from './organization.repository.ts';

export type OrganizationRow = NonNullable<Awaited<ReturnType<typeof findOrganizationById>>>;

/**
 * The organization a read asks for (slug first, then id, then the active one) with the caller's
 * membership. Null when nothing is asked and nothing is active. A caller who is not a member has
 * their active organization cleared and gets 403 (contract §3.6, §3.40).
 */
export async function loadOrganizationForMember(
  auth: AuthContext,
  request: RequestContext,
  resolved: ResolvedSession,
  ask: { organizationId?: string; organizationSlug?: string },
): Promise<{ organization: OrganizationRow; member: MemberRow } | null> {
  let organization: OrganizationRow | undefined;
  if (ask.organizationSlug !== undefined) {
    organization = await findOrganizationBySlug(auth.db, ask.organizationSlug);
  } else {
    const id = ask.organizationId ?? resolved.session.activeOrganizationId;
    if (!id) return null;
    organization = await findOrganizationById(auth.db, id);
  }
  if (!organization) throw new AuthError('ORGANIZATION_NOT_FOUND');
  const member = await findMember(auth.db, organization.id, resolved.user.id);
  if (!member) {
    if (resolved.session.activeOrganizationId) await setActiveState(auth, request, resolved, null);
    throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', { status: 403 });
  }
  return { organization, member };
}
