import { hasPermission, type PermissionRequest } from '../../access/access-control.ts';
import { defaultAdminRoles } from '../../access/admin-roles.ts';
import { withinKeyScopes } from '../../access/key-grant.ts';
import type { AuthContext } from '../../context.ts';
import { AuthError, type ErrorCode } from '../../errors.ts';
import type { User } from '../../user/user.ts';
import type { ResolvedAdmin } from './admin-options.ts';

/** The admin settings. Admin routes exist only while the feature is on; without it, there is nothing here. */
export function adminSettings(auth: AuthContext): ResolvedAdmin {
  if (!auth.options.admin) throw new AuthError('NOT_FOUND');
  return auth.options.admin;
}

/** The names of a user's roles: their stored role string split on commas, or the default role. */
export function roleNamesOf(auth: AuthContext, user: User): string[] {
  const stored = typeof user.additional.role === 'string' ? user.additional.role : '';
  const names = (stored || adminSettings(auth).defaultRole).split(',').map((name) => name.trim());
  return names.filter(Boolean);
}

/**
 * docs/protocol/admin.md#admin-checks: a check passes for a user in the admin id list, for a bootstrap admin
 * (a verified address listed in ADMIN_EMAILS, which counts as the admin role), or when any one of the user's
 * roles grants the whole request. A scoped API key's session also needs its scopes to cover the request
 * (docs/protocol/api-key.md#decisions-for-gatehouse, K9).
 */
export function userCan(auth: AuthContext, user: User, request: PermissionRequest): boolean {
  if (!withinKeyScopes(user, request)) return false;
  if (adminSettings(auth).adminUserIds.has(user.id)) return true;
  const names = roleNamesOf(auth, user);
  if (isBootstrapAdmin(auth, user)) names.push('admin');
  return hasPermission(names, defaultAdminRoles, request);
}

export function isBootstrapAdmin(auth: AuthContext, user: User): boolean {
  return user.emailVerified && adminSettings(auth).adminEmails.has(user.email.toLowerCase());
}

/** Whether a user counts as an admin when someone tries to impersonate them. */
export function isAdminTarget(auth: AuthContext, user: User): boolean {
  const admin = adminSettings(auth);
  if (admin.adminUserIds.has(user.id) || isBootstrapAdmin(auth, user)) return true;
  return roleNamesOf(auth, user).some((name) => admin.adminRoles.includes(name));
}

/** Throws the given 403 unless the user holds the permission. */
export function requirePermission(
  auth: AuthContext,
  user: User,
  request: PermissionRequest,
  code: ErrorCode,
): void {
  if (!userCan(auth, user, request)) throw new AuthError(code);
}
