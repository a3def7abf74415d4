import type { Permissions } from '@gatehouse/client';
import { ORG_STATEMENTS } from './organization-statements.ts';

export function hasPair(value: Permissions, resource: string, action: string): boolean {
  return value[resource]?.includes(action) ?? false;
}

/**
 * `value` with one pair switched on or off. Actions keep the order of `statements` and a resource
 * left with none is dropped, so the same choice always sends the same body; resources the
 * matrix does not show are kept as they were.
 */
export function setPair(
  value: Permissions,
  resource: string,
  action: string,
  on: boolean,
  statements: Readonly<Record<string, readonly string[]>> = ORG_STATEMENTS,
): Permissions {
  const current = new Set(value[resource] ?? []);
  if (on) current.add(action);
  else current.delete(action);
  const known: readonly string[] = Object.hasOwn(statements, resource) ? (statements[resource] ?? []) : [];
  const ordered = [
    ...known.filter((each) => current.has(each)),
    ...[...current].filter((each) => !known.includes(each)),
  ];
  const next: Permissions = { ...value };
  if (ordered.length > 0) next[resource] = ordered;
  else delete next[resource];
  return next;
}

/** How many pairs a role grants, for its summary line. */
export function pairCount(value: Permissions): number {
  return Object.values(value).reduce((sum, actions) => sum + actions.length, 0);
}
