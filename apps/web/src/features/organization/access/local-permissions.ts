import { DEFAULT_ROLES } from '../../../lib/permissions/organization-statements.ts';
import { splitRoles } from '../../../lib/role-label.ts';

/**
 * The `resource:action` pairs a role string grants when every role in it is a default role, or
 * null when one is not (a custom role, or a default name the organization may have extended):
 * then only the server knows. Any one role granting a pair is enough, as on the server.
 */
export function defaultRolePairs(role: string, customRoleNames: readonly string[] = []): string[] | null {
  const roles = splitRoles(role);
  if (roles.length === 0) return [];
  const pairs = new Set<string>();
  for (const name of roles) {
    const statements = DEFAULT_ROLES[name];
    if (!statements || customRoleNames.includes(name)) return null;
    for (const [resource, actions] of Object.entries(statements)) {
      for (const action of actions) pairs.add(`${resource}:${action}`);
    }
  }
  return [...pairs];
}
