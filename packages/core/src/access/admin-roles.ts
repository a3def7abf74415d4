import type { Role, Statements } from './access-control.ts';

/** What the admin feature can control (docs/protocol/admin.md#admin-roles). */
export const adminStatements = {
  user: [
    'create',
    'list',
    'set-role',
    'ban',
    'impersonate',
    'impersonate-admins',
    'delete',
    'set-password',
    'set-email',
    'get',
    'update',
  ],
  session: ['list', 'revoke', 'delete'],
  // Gatehouse's own (docs/protocol/api-key.md#decisions-for-gatehouse, K12, K14): checking keys for
  // another app's backend, and reading and deleting a user's personal keys.
  apiKey: ['verify', 'read', 'delete'],
} as const satisfies Statements;

/**
 * docs/protocol/admin.md#admin-roles: admin may create, list, set-role, ban, impersonate, delete,
 * set-password, get and update users (and set their email through update), list, revoke and delete
 * sessions, and verify, read and delete API keys; user may nothing. Impersonating other admins is a
 * separate right no default role holds.
 */
export const defaultAdminRoles: Record<string, Role> = {
  admin: {
    user: [
      'create',
      'list',
      'set-role',
      'ban',
      'impersonate',
      'delete',
      'set-password',
      'set-email',
      'get',
      'update',
    ],
    session: ['list', 'revoke', 'delete'],
    apiKey: ['verify', 'read', 'delete'],
  },
  user: { user: [], session: [], apiKey: [] },
};
