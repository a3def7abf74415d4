import type { MessageKey } from '../i18n/en.ts';
import type { Translate } from '../i18n/translate-function.ts';

/** `"admin, member"` → `['admin', 'member']`, as the server splits a member's roles. */
export function splitRoles(role: string | null | undefined): string[] {
  return (role ?? '')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
}

/** The built-in roles have words in every language; custom ones show as their owners named them. */
const BUILT_IN: Record<string, MessageKey> = {
  owner: 'org.role.owner',
  admin: 'org.role.admin',
  member: 'org.role.member',
};

/** `"admin,member"` → `"Admin, Member"`: role names as people read them. */
export function roleLabel(role: string, t: Translate): string {
  const names = splitRoles(role);
  if (names.length === 0) return t('org.role.none');
  return names
    .map((name) => {
      const builtIn = BUILT_IN[name];
      return builtIn ? t(builtIn) : name.charAt(0).toUpperCase() + name.slice(1);
    })
    .join(', ');
}

/** The roles one may pick: the default ones, then the organization's custom ones. */
export function roleChoices(customRoleNames: readonly string[], includeOwner: boolean): string[] {
  const defaults = includeOwner ? ['owner', 'admin', 'member'] : ['admin', 'member'];
  return [...defaults, ...customRoleNames.filter((name) => !defaults.includes(name) && name !== 'owner')];
}
