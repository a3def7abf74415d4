import type { Permissions } from '@gatehouse/client';

/**
 * What the admin feature controls (docs/protocol/admin.md#admin-roles), mirrored so an admin's
 * personal API key can be limited to some of it (packages/core/src/features/api-key/README.md,
 * K9); the server checks the admin's own rights anyway. admin-statements.test.ts fails when this
 * copy and the engine's drift apart.
 */
export const ADMIN_STATEMENTS = {
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
  apiKey: ['verify', 'read', 'delete'],
} as const satisfies Permissions;
