import type { AuthContext } from '../context.ts';
import type { RequestContext } from '../http/request-context.ts';

/** One organization a user belongs to, as the admin console shows it. */
export interface Membership {
  memberId: string;
  /** The member's roles, comma-separated as stored. */
  role: string;
  joinedAt: string;
  organization: { id: string; name: string; slug: string; logo: string | null };
}

export interface NewMembership {
  userId: string;
  organizationId: string;
  /** Role names; none gives the default role. */
  role: string | readonly string[];
  teamId?: string;
}

/**
 * The organization feature's membership service (`ports.membership`), for what acts on
 * organizations from outside their routes: the admin console today, just-in-time members of an
 * SSO connection and organization-owned credentials next.
 */
export interface OrganizationMembership {
  /** Every organization the user belongs to, oldest membership first. */
  membershipsOf(auth: AuthContext, userId: string): Promise<Membership[]>;
  /**
   * Adds the user with these roles, under the organization's limits (membership limit, team seats),
   * recorded as `organization.member_added`; refuses with the organization routes' codes (unknown
   * user or organization, already a member, limit reached). Answers the member in add-member's shape.
   */
  addMember(
    auth: AuthContext,
    request: RequestContext,
    membership: NewMembership,
  ): Promise<Record<string, unknown>>;
}
