import type { Role, Statements } from './access-control.ts';

/**
 * What organization roles can control: the product spec's roles
 * (docs/protocol/organization.md#default-roles).
 */
export const organizationStatements = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
  // Gatehouse's own: reading and exporting the organization's security events (GET /organization/events).
  auditLog: ['read'],
  // Managing the organization's API keys (docs/protocol/api-key.md#organization-keys, K1).
  apiKey: ['create', 'read', 'update', 'delete'],
  // Managing the organization's webhook endpoints (docs/protocol/webhooks.md#3-who-may-do-what).
  webhook: ['create', 'read', 'update', 'delete'],
} as const satisfies Statements;

/**
 * The product spec's roles (docs/protocol/organization.md#default-roles), in its order: admin-like
 * (organization update plus all rights on invitation, member, team, ac and API keys), owner-like (every right,
 * organization delete included), plain member (ac read only). Resources a role holds nothing on are still
 * listed, so they count as known.
 */
export const defaultOrganizationRoles: Readonly<Record<string, Role>> = {
  admin: {
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
    auditLog: ['read'],
    apiKey: ['create', 'read', 'update', 'delete'],
    webhook: ['create', 'read', 'update', 'delete'],
  },
  owner: {
    organization: ['update', 'delete'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
    auditLog: ['read'],
    apiKey: ['create', 'read', 'update', 'delete'],
    webhook: ['create', 'read', 'update', 'delete'],
  },
  member: {
    organization: [],
    member: [],
    invitation: [],
    team: [],
    ac: ['read'],
    auditLog: [],
    apiKey: [],
    webhook: [],
  },
};

/**
 * Organization role strings: split on commas, trimmed, empty names dropped
 * (docs/protocol/organization.md#permission-checks).
 */
export function splitOrganizationRoles(role: string | readonly string[] | null | undefined): string[] {
  const joined = Array.isArray(role) ? role.join(',') : ((role as string | null | undefined) ?? '');
  return joined
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
