/**
 * Access control shared by the admin and organization features: statements (resource → actions),
 * roles as subsets of them, and requests checked against roles
 * (docs/protocol/organization.md#permission-checks).
 */
export type Statements = Record<string, readonly string[]>;

/** A role: the actions it allows per resource. A resource with [] is known but allows nothing. */
export type Role = Statements;

/** What a caller asks for: resource → actions, or actions with a per-resource connector. */
export type PermissionRequest = Record<
  string,
  readonly string[] | { actions: readonly string[]; connector: 'AND' | 'OR' }
>;

export type Connector = 'AND' | 'OR';

export type Verdict = { allowed: true } | { allowed: false; reason: string };

/**
 * A table's own entry for a name a request chose, never one every object inherits (`constructor`,
 * `toString`, `__proto__`): those are unknown names like any other.
 */
export function ownEntry<Value>(table: Readonly<Record<string, Value>>, name: string): Value | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

/**
 * Evaluates one role against a request. With AND (default) every resource must pass; with OR one
 * is enough. A resource the role does not know fails at once under AND.
 */
export function evaluateRole(role: Role, request: PermissionRequest, connector: Connector = 'AND'): Verdict {
  let passed = false;
  for (const [resource, wanted] of Object.entries(request)) {
    const allowed = ownEntry(role, resource);
    if (!allowed) {
      if (connector === 'OR') continue;
      return { allowed: false, reason: `You are not allowed to access resource: ${resource}` };
    }
    const { actions, any } = Array.isArray(wanted)
      ? { actions: wanted as readonly string[], any: false }
      : {
          actions: (wanted as { actions: readonly string[] }).actions,
          any: (wanted as { connector: Connector }).connector === 'OR',
        };
    const grants = (action: unknown) => typeof action === 'string' && allowed.includes(action);
    const ok = actions.length > 0 && (any ? actions.some(grants) : actions.every(grants));
    if (ok) {
      if (connector === 'OR') return { allowed: true };
      passed = true;
    } else if (connector === 'AND') {
      return { allowed: false, reason: `unauthorized to access resource "${resource}"` };
    }
  }
  return passed ? { allowed: true } : { allowed: false, reason: 'Not authorized' };
}

/**
 * A holder of several comma-separated roles passes when any single role grants the whole request;
 * permissions of different roles are never combined. Unknown role names grant nothing.
 */
export function hasPermission(
  roleNames: readonly string[],
  roles: Readonly<Record<string, Role>>,
  request: PermissionRequest,
  connector: Connector = 'AND',
): boolean {
  return roleNames.some((name) => {
    const role = ownEntry(roles, name);
    return role !== undefined && evaluateRole(role, request, connector).allowed;
  });
}
