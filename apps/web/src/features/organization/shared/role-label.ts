import { splitRoles } from '../access/statements.ts';

/** `"admin,member"` → `"Admin, Member"`: role names as people read them. */
export function roleLabel(role: string): string {
  const names = splitRoles(role);
  if (names.length === 0) return 'No role';
  return names.map((name) => name.charAt(0).toUpperCase() + name.slice(1)).join(', ');
}

/** The roles one may pick: the default ones, then the organization's custom ones. */
export function roleChoices(customRoleNames: readonly string[], includeOwner: boolean): string[] {
  const defaults = includeOwner ? ['owner', 'admin', 'member'] : ['admin', 'member'];
  return [...defaults, ...customRoleNames.filter((name) => !defaults.includes(name) && name !== 'owner')];
}
