import { evaluateRole, hasPermission, type PermissionRequest } from '../../../access/access-control.ts';
import { type KeyGrant, keyGrantOf } from '../../../access/key-grant.ts';
import { splitOrganizationRoles } from '../../../access/organization-roles.ts';
import type { AuthContext } from '../../../context.ts';
import { AuthError, type ErrorCode } from '../../../errors.ts';
import type { User } from '../../../user/user.ts';
import { findMemberUnderPolicy, type MemberRow } from '../members/member.repository.ts';
import { findOrganizationById, type OrganizationRow } from '../organization.repository.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { listRolesOfOrganization } from '../roles/role.repository.ts';
import { RoleSet } from '../roles/role-set.ts';
import { isCreator } from './organization-access.ts';
import { enforceTwoFactorPolicy } from './two-factor-policy.ts';

/**
 * The signed-in user acting inside one organization: their member row, with the organization and
 * its roles read at most once per request, however many checks the route makes.
 */
export class OrganizationCaller {
  readonly member: MemberRow;
  readonly roles: RoleSet;
  /** Whether the caller holds the creator role, which gates the owner protections. */
  readonly isCreator: boolean;
  /** The API key the caller acts through, when a key session: its scopes bound every check (K9). */
  readonly #grant: KeyGrant | undefined;
  readonly #organizationById: (id: string) => Promise<OrganizationRow | undefined>;
  #organization: Promise<OrganizationRow | undefined> | undefined;

  constructor(
    auth: AuthContext,
    options: ResolvedOrganization,
    member: MemberRow,
    organization?: OrganizationRow | Promise<OrganizationRow | undefined>,
    grant?: KeyGrant,
  ) {
    this.#grant = grant;
    this.#organizationById = (id) => findOrganizationById(auth.database, id);
    this.member = member;
    this.roles = new RoleSet(
      (id) => listRolesOfOrganization(auth.database, id),
      options,
      member.organizationId,
    );
    this.isCreator = isCreator(options, member.role);
    this.#organization = organization === undefined ? undefined : Promise.resolve(organization);
  }

  get organizationId(): string {
    return this.member.organizationId;
  }

  /**
   * Whether any single one of the caller's roles grants the whole request
   * (docs/protocol/organization.md#permission-checks); through a scoped API key, the key's scopes
   * must cover it too (docs/protocol/api-key.md#decisions-for-gatehouse, K9).
   */
  async can(request: PermissionRequest): Promise<boolean> {
    const scopes = this.#grant?.scopes;
    if (scopes && !evaluateRole(scopes, request).allowed) return false;
    return hasPermission(splitOrganizationRoles(this.member.role), await this.roles.all(), request);
  }

  /** Throws the route's denial when the caller lacks the permission. */
  async requirePermission(request: PermissionRequest, denied: ErrorCode): Promise<void> {
    if (!(await this.can(request))) throw new AuthError(denied);
  }

  /** The organization's row; 400 ORGANIZATION_NOT_FOUND when it is gone. */
  async requireOrganization(): Promise<OrganizationRow> {
    this.#organization ??= this.#organizationById(this.organizationId);
    const row = await this.#organization;
    if (!row) throw new AuthError('ORGANIZATION_NOT_FOUND');
    return row;
  }
}

/** A route's error code, answered with its catalogue status or, for the few routes that differ, another. */
export type Refusal = ErrorCode | { code: ErrorCode; status: number };

const refuse = (refusal: Refusal): AuthError =>
  typeof refusal === 'string'
    ? new AuthError(refusal)
    : new AuthError(refusal.code, { status: refusal.status });

/**
 * The user's membership of an organization as a caller, or undefined when they are not a member.
 * A member who lacks the two-factor the organization requires is refused here, before any
 * permission check, so every route acting inside the organization enforces the policy. A route
 * that reads the organization (or is reading it) passes it, so the caller does not read it again.
 */
export async function findCaller(
  auth: AuthContext,
  options: ResolvedOrganization,
  organizationId: string,
  user: User,
  organization?: OrganizationRow | Promise<OrganizationRow | undefined>,
): Promise<OrganizationCaller | undefined> {
  const grant = keyGrantOf(user);
  // An organization key's session acts inside its own organization only (K10).
  if (grant?.organizationId && grant.organizationId !== organizationId)
    throw new AuthError('API_KEY_OTHER_ORGANIZATION');
  const row = await findMemberUnderPolicy(auth.database, organizationId, user.id);
  if (!row) return undefined;
  const { o_requireTwoFactor, ...member } = row;
  enforceTwoFactorPolicy(auth, o_requireTwoFactor, user);
  return new OrganizationCaller(auth, options, member, organization, grant);
}

/**
 * The step most organization routes start with: the caller's membership, then (when nothing
 * else is checked in between) their permission, each refused with the route's own error.
 */
export type CallerSteps = {
  organizationId: string;
  user: User;
  notMember: Refusal;
} & ({ permission?: undefined; denied?: undefined } | { permission: PermissionRequest; denied: ErrorCode });

/**
 * Resolves the caller of a route in the order its protocol note checks: member, then permission.
 *
 * @example
 * const caller = await resolveCaller(auth, options, {
 *   organizationId: organizationIdOr(body.organizationId, session, 'NO_ACTIVE_ORGANIZATION'),
 *   user,
 *   notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
 *   permission: { ac: ['read'] },
 *   denied: 'YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE',
 * });
 */
export async function resolveCaller(
  auth: AuthContext,
  options: ResolvedOrganization,
  steps: CallerSteps,
): Promise<OrganizationCaller> {
  const caller = await findCaller(auth, options, steps.organizationId, steps.user);
  if (!caller) throw refuse(steps.notMember);
  if (steps.permission) await caller.requirePermission(steps.permission, steps.denied);
  return caller;
}
