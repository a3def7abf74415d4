import { isAdminQueryKey } from '../../../lib/use-is-admin.ts';
import type { ListUsersQuery } from './users-queries.ts';

/**
 * Query keys of the admin area, one tree: every user change invalidates `users` (lists, pages and
 * sessions at once); `isAdmin` is keyed on who is signed in, so a new session asks again.
 */
export const adminKeys = {
  isAdmin: isAdminQueryKey,
  users: ['admin', 'users'] as const,
  userLists: ['admin', 'users', 'list'] as const,
  userList: (query: ListUsersQuery) => ['admin', 'users', 'list', query] as const,
  user: (userId: string) => ['admin', 'users', 'detail', userId] as const,
  userSessions: (userId: string) => ['admin', 'users', 'detail', userId, 'sessions'] as const,
  userMemberships: (userId: string) => ['admin', 'users', 'detail', userId, 'memberships'] as const,
  userPasskeys: (userId: string) => ['admin', 'users', 'detail', userId, 'passkeys'] as const,
  userApiKeys: (userId: string) => ['admin', 'users', 'detail', userId, 'api-keys'] as const,
  webhooks: ['admin', 'webhooks'] as const,
};
