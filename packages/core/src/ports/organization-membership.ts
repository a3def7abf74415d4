import type { PermissionRequest } from '../access/access-control.ts';
import type { AuthContext } from '../context.ts';
import type { ErrorCode } from '../errors.ts';
import type { RequestContext } from '../http/request-context.ts';
import type { User } from '../user/user.ts';

/** One organization a user belongs to, as the admin console shows it. */
export interface Membership {
  memberId: string;
  /** The member's roles, comma-separated as stored. */
  role: string;
  joinedAt: string;
  organization: { id: string; name: string; slug: string; logo: string | null };
}

/** An organization by name with its owners, at most 100 (`ownersOf`). */
export interface OrganizationOwners {
  name: string;
  owners: { id: string; email: string; name: string }[];
}

/** A user's member row in one organization. */
export interface OrganizationMember {
  memberId: string;
  organizationId: string;
  userId: string;
  /** The member's role names; any one granting a permission is enough. */
  roles: string[];
  joinedAt: string;
}

export interface NewMembership {
  userId: string;
  organizationId: string;
  /** Role names; none gives the default role. */
  role: string | readonly string[];
  teamId?: string;
}

/** What a user means to do inside an organization, and the refusal when their roles do not grant it. */
export interface OrganizationAction {
  organizationId: string;
  permission: PermissionRequest;
  /** The consumer's own code for a member whose roles lack the permission, as each route names its own. */
  denied: ErrorCode;
}

/**
 * Allowed, with the acting member; or the code an organization route answers: not a member (or no
 * such organization) `YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION`, the organization's two-factor
 * policy unmet `TWO_FACTOR_REQUIRED_BY_ORGANIZATION`, a stored role unreadable
 * `INVALID_ROLE_PERMISSIONS`, else the action's `denied`.
 */
export type ActionVerdict =
  | { allowed: true; member: OrganizationMember }
  | { allowed: false; code: ErrorCode };

/**
 * The organization feature's membership service (`ports.membership`), for what acts on
 * organizations from outside their routes: the admin console today, just-in-time members of an
 * SSO connection, organization API keys and webhooks next.
 */
export interface OrganizationMembership {
  /** Every organization the user belongs to, oldest membership first. */
  membershipsOf(auth: AuthContext, userId: string): Promise<Membership[]>;
  /**
   * The organization's name and its owners (members holding the `owner` role), the recipients of
   * what concerns the whole organization (a failing webhook endpoint); undefined when it is gone.
   */
  ownersOf(auth: AuthContext, organizationId: string): Promise<OrganizationOwners | undefined>;
  /** The user's membership of the organization, or undefined; a fact, no policy applied. */
  memberOf(
    auth: AuthContext,
    userId: string,
    organizationId: string,
  ): Promise<OrganizationMember | undefined>;
  /**
   * Whether the user may do this inside the organization, checked as the organization routes
   * check their callers: membership, then the organization's two-factor policy, then the
   * permission against the member's roles and the organization's stored roles.
   */
  mayAct(auth: AuthContext, user: User, action: OrganizationAction): Promise<ActionVerdict>;
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
