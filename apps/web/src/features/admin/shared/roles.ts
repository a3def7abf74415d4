import type { AdminUser } from '@gatehouse/client';
import type { MessageKey } from '../../../i18n/en.ts';
import type { Translate } from '../../../i18n/translate-function.ts';

/**
 * The roles the default admin configuration knows (docs/protocol/admin.md#admin-roles); others show as they
 * are stored.
 */
export const ROLES = [
  { value: 'user', label: 'admin.role.user' },
  { value: 'admin', label: 'admin.role.admin' },
] as const satisfies readonly { value: string; label: MessageKey }[];

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

/** A known role in the reader's language; a role stored otherwise shows as stored. */
export function roleLabel(role: string, t: Translate): string {
  const known = ROLES.find((each) => each.value === role);
  return known ? t(known.label) : role;
}
