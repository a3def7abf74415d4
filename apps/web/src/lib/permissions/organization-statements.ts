import type { Permissions } from '@gatehouse/client';

/**
 * The organization statements and default roles of the product spec
 * (docs/protocol/organization.md#default-roles), mirrored so screens of people holding only default roles can
 * decide at once; the server stays the judge, and custom roles are always asked of it. statements.test.ts
 * fails when this copy and the engine's drift apart.
 */
export const ORG_STATEMENTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
  // Gatehouse's: reading the organization's security activity.
  auditLog: ['read'],
  // The organization's API keys (docs/protocol/api-key-client.md#organization-keys).
  apiKey: ['create', 'read', 'update', 'delete'],
  // The organization's webhook endpoints (docs/protocol/webhooks.md#3-who-may-do-what).
  webhook: ['create', 'read', 'update', 'delete'],
} as const satisfies Permissions;

export type OrgResource = keyof typeof ORG_STATEMENTS;
export type OrgAction<R extends OrgResource = OrgResource> = (typeof ORG_STATEMENTS)[R][number];

/** The role that created the organization; only its holders may give or take it. */
export const CREATOR_ROLE = 'owner';

export const DEFAULT_ROLES: Record<string, Permissions> = {
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

/** Every `resource:action` pair of the statements, in display order. */
export const ALL_PAIRS: string[] = Object.entries(ORG_STATEMENTS).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}:${action}`),
);
