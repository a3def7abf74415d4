import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import type { Session } from '../../session/session.ts';
import { findOrganizationById, findOrganizationBySlug } from './organization.repository.ts';
import type { ResolvedOrganization } from './organization-config.ts';
import { findCaller, type OrganizationCaller } from './policy/organization-caller.ts';

/** How a route names an organization: by slug, by id, or (neither) the session's active one. */
export interface OrganizationAsk {
  organizationId?: string;
  organizationSlug?: string;
}

/** The id of the organization a route names; slug first, then id, then the active one. */
export async function askedOrganizationId(
  auth: AuthContext,
  ask: OrganizationAsk,
  session: Pick<Session, 'activeOrganizationId'>,
): Promise<string> {
  if (ask.organizationSlug !== undefined) {
    const found = await findOrganizationBySlug(auth.db, ask.organizationSlug);
    if (!found) throw new AuthError('ORGANIZATION_NOT_FOUND');
    return found.id;
  }
  const id = ask.organizationId ?? session.activeOrganizationId;
  if (!id) throw new AuthError('NO_ACTIVE_ORGANIZATION');
  return id;
}

/**
 * The organization a read asks for (slug first, then id, then the active one) as the caller sees
 * it. Null when nothing is asked and nothing is active. A caller who is not a member gets 403
 * (docs/protocol/organization.md#get-full-organization, docs/protocol/organization.md#owner-protections), and
 * keeps their active organization.
 */
export async function loadOrganizationForMember(
  auth: AuthContext,
  options: ResolvedOrganization,
  resolved: ResolvedSession,
  ask: OrganizationAsk,
): Promise<OrganizationCaller | null> {
  if (ask.organizationSlug !== undefined) {
    const organization = await findOrganizationBySlug(auth.db, ask.organizationSlug);
    if (!organization) throw new AuthError('ORGANIZATION_NOT_FOUND');
    return requireMember(await findCaller(auth, options, organization.id, resolved.user, organization));
  }
  const id = ask.organizationId ?? resolved.session.activeOrganizationId;
  if (!id) return null;
  // Both are point reads by the id, so they go together (on PostgreSQL their round trips overlap
  // instead of following each other); the answer still checks the organization first. The
  // membership's read joins the organization, so a missing organization is never refused for its
  // two-factor policy instead.
  const organization = findOrganizationById(auth.database, id);
  const [found, caller] = await Promise.all([
    organization,
    findCaller(auth, options, id, resolved.user, organization),
  ]);
  if (!found) throw new AuthError('ORGANIZATION_NOT_FOUND');
  return requireMember(caller);
}

/** A refusal changes nothing, the active organization included (README: deliberate differences). */
function requireMember(caller: OrganizationCaller | undefined): OrganizationCaller {
  if (!caller) throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', { status: 403 });
  return caller;
}
