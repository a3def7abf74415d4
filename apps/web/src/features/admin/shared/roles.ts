import type { AdminUser } from '@gatehouse/client';

/**
 * The roles the default admin configuration knows (docs/protocol/admin.md#admin-roles); others show as they
 * are stored.
 */
export const ROLES = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
] as const;

/** A user's roles: the stored value is comma-separated, and a missing one means the default "user". */
export function rolesOf(user: Pick<AdminUser, 'role'>): string[] {
  const roles = (user.role ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
  return roles.length > 0 ? roles : ['user'];
}

/** Admins cannot be impersonated by the default admin role (docs/protocol/admin.md#impersonate-user). */
export function isAdminRole(user: Pick<AdminUser, 'role'>): boolean {
  return rolesOf(user).includes('admin');
}

export function roleLabel(role: string): string {
  return ROLES.find((each) => each.value === role)?.label ?? role;
}
