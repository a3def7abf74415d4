import { hasPermission, type PermissionRequest, type Role } from '../../access/access-control.ts';
import { defaultOrganizationRoles, splitOrganizationRoles } from '../../access/organization-roles.ts';
import type { AuthContext } from '../../context.ts';
import { AuthError, type ErrorCode } from '../../errors.ts';
import { findMember } from './member.repository.ts';
import { listRolesOfOrganization } from './role.repository.ts';

/** What a permission check needs of a member. */
export interface MemberLike {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
}

const isStatementMap = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => Array.isArray(v) && v.every((a) => typeof a === 'string'));

/**
 * The roles that count in one organization: the defaults, merged with the organization's stored
 * roles when dynamic access control is on (contract §1.7: a stored role adds its actions to a
 * default role of the same name, or is a role of its own).
 */
export async function organizationRoles(
  auth: AuthContext,
  organizationId: string,
): Promise<Readonly<Record<string, Role>>> {
  if (!auth.options.organization!.dynamicAccessControl) return defaultOrganizationRoles;
  const rows = await listRolesOfOrganization(auth.db, organizationId);
  if (rows.length === 0) return defaultOrganizationRoles;
  const roles: Record<string, Role> = { ...defaultOrganizationRoles };
  for (const row of rows) {
    let stored: unknown;
    try {
      stored = JSON.parse(row.permission);
    } catch {
      stored = undefined;
    }
    if (!isStatementMap(stored))
      throw new AuthError('INVALID_ROLE_PERMISSIONS', { params: { role: row.role } });
    const merged: Record<string, string[]> = {};
    for (const [resource, actions] of Object.entries(roles[row.role] ?? {})) merged[resource] = [...actions];
    for (const [resource, actions] of Object.entries(stored)) {
      merged[resource] = [...new Set([...(merged[resource] ?? []), ...actions])];
    }
    roles[row.role] = merged;
  }
  return roles;
}

/** Whether any single one of the member's roles grants the whole request (contract §1.3). */
export async function memberCan(
  auth: AuthContext,
  member: MemberLike,
  request: PermissionRequest,
): Promise<boolean> {
  const roles = await organizationRoles(auth, member.organizationId);
  return hasPermission(splitOrganizationRoles(member.role), roles, request);
}

/** Throws the route's denial (its catalogue status unless one is given) when the member lacks it. */
export async function requireMemberCan(
  auth: AuthContext,
  member: MemberLike,
  request: PermissionRequest,
  code: ErrorCode,
  status?: number,
): Promise<void> {
  if (!(await memberCan(auth, member, request))) throw new AuthError(code, status ? { status } : {});
}

/** The caller's membership of an organization, or the route's error. */
export async function memberOrThrow(
  auth: AuthContext,
  organizationId: string,
  userId: string,
  code: ErrorCode,
  status?: number,
): Promise<MemberLike> {
  const member = await findMember(auth.db, organizationId, userId);
  if (!member) throw new AuthError(code, status ? { status } : {});
  return member;
}

export const isCreator = (auth: AuthContext, role: string | null | undefined): boolean =>
  splitOrganizationRoles(role).includes(auth.options.organization!.creatorRole);

/**
 * Role names a member or invitation may hold: owner, admin and member always, plus the
 * organization's stored roles with dynamic access control. Returns the unknown ones.
 */
export async function unknownRoles(
  auth: AuthContext,
  organizationId: string,
  names: string[],
): Promise<string[]> {
  const known = new Set(['owner', 'admin', 'member', auth.options.organization!.creatorRole]);
  if (auth.options.organization!.dynamicAccessControl) {
    for (const row of await listRolesOfOrganization(auth.db, organizationId)) known.add(row.role);
  }
  return names.filter((name) => !known.has(name));
}

/**
 * Contract §1.8: invitations are visible to members whose roles grant invitation:create, and
 * invitations for the creator role only to creator-role holders.
 */
export async function invitationFilter(
  auth: AuthContext,
  member: MemberLike,
): Promise<((invitation: { role: string | null }) => boolean) | null> {
  if (!(await memberCan(auth, member, { invitation: ['create'] }))) return null;
  if (isCreator(auth, member.role)) return () => true;
  return (invitation) => !isCreator(auth, invitation.role);
}

/**
 * A member may only hand out roles within their own rights: every action of every assigned role
 * must be one the caller holds (creator-role holders may give anything). Without this an admin
 * could assign a custom role carrying rights they lack, such as organization:delete.
 */
export async function requireCanGrantRoles(
  auth: AuthContext,
  caller: MemberLike,
  roleNames: string[],
  code: ErrorCode,
): Promise<void> {
  if (isCreator(auth, caller.role)) return;
  const roles = await organizationRoles(auth, caller.organizationId);
  const own = splitOrganizationRoles(caller.role);
  for (const name of roleNames) {
    for (const [resource, actions] of Object.entries(roles[name] ?? {})) {
      for (const action of actions) {
        if (!hasPermission(own, roles, { [resource]: [action] })) throw new AuthError(code);
      }
    }
  }
}
