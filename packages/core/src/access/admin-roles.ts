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
} as const satisfies Statements;

/**
 * docs/protocol/admin.md#admin-roles: admin may create, list, set-role, ban, impersonate, delete,
 * set-password, get and update users (and set their email through update), and list, revoke and delete
 * sessions; user may nothing. Impersonating other admins is a separate right no default role holds.
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
  },
  user: { user: [], session: [] },
};
