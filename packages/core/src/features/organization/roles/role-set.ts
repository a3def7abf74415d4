import { ownEntry, type Role } from '../../../access/access-control.ts';
import { defaultOrganizationRoles } from '../../../access/organization-roles.ts';
import { AuthError } from '../../../errors.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import type { RoleRow } from './role.repository.ts';

const isStatementMap = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => Array.isArray(v) && v.every((a) => typeof a === 'string'));

/**
 * A stored role adds its actions to a default role of the same name, or is a role of its own
 * (docs/protocol/organization.md#custom-roles). A stored permission that is not a statement map fails every
 * check that needs it.
 */
function mergeStoredRoles(rows: RoleRow[]): Readonly<Record<string, Role>> {
  if (rows.length === 0) return defaultOrganizationRoles;
  // No prototype: a role stored as `__proto__` is an entry like any other, not the table's prototype.
  const roles: Record<string, Role> = Object.assign(Object.create(null), defaultOrganizationRoles);
  for (const row of rows) {
    let stored: unknown;
    try {
      stored = JSON.parse(row.permission);
    } catch {
      stored = undefined;
    }
    if (!isStatementMap(stored))
      throw new AuthError('INVALID_ROLE_PERMISSIONS', { params: { role: row.role } });
    const merged: Record<string, string[]> = Object.create(null);
    for (const [resource, actions] of Object.entries(ownEntry(roles, row.role) ?? {})) {
      merged[resource] = [...actions];
    }
    for (const [resource, actions] of Object.entries(stored)) {
      merged[resource] = [...new Set([...(ownEntry(merged, resource) ?? []), ...actions])];
    }
    roles[row.role] = merged;
  }
  return roles;
}

/**
 * The roles that count in one organization during one request: the defaults, plus the stored
 * roles when custom roles are on. The stored roles are read at most once, however many checks
 * the request makes, and parsed only when a permission check needs them.
 */
export class RoleSet {
  readonly #load: (organizationId: string) => Promise<RoleRow[]>;
  readonly #options: ResolvedOrganization;
  readonly #organizationId: string;
  #stored: Promise<RoleRow[]> | undefined;
  #merged: Promise<Readonly<Record<string, Role>>> | undefined;

  /** `load` reads the stored roles as they are outside any transaction (`listRolesOfOrganization`). */
  constructor(
    load: (organizationId: string) => Promise<RoleRow[]>,
    options: ResolvedOrganization,
    organizationId: string,
  ) {
    this.#load = load;
    this.#options = options;
    this.#organizationId = organizationId;
  }

  /** Every role by name, for permission checks. */
  all(): Promise<Readonly<Record<string, Role>>> {
    this.#merged ??= this.#storedRows().then(mergeStoredRoles);
    return this.#merged;
  }

  /**
   * Refuses role names no member or invitation may hold here: owner, admin, member and the
   * creator role always exist, and the organization's stored roles with custom roles on.
   */
  async requireKnown(names: readonly string[]): Promise<void> {
    const known = new Set(['owner', 'admin', 'member', this.#options.creatorRole]);
    for (const row of await this.#storedRows()) known.add(row.role);
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new AuthError('ROLE_NOT_FOUND', { message: `ROLE_NOT_FOUND: ${unknown.join(', ')}` });
    }
  }

  #storedRows(): Promise<RoleRow[]> {
    if (!this.#options.dynamicAccessControl) return Promise.resolve([]);
    this.#stored ??= this.#load(this.#organizationId);
    return this.#stored;
  }
}
