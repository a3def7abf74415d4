import type { GatehouseClient } from '@gatehouse/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from './admin-keys.ts';

/** The query string of GET /admin/list-users (docs/protocol/admin.md#list-users). */
export type ListUsersQuery = Parameters<GatehouseClient['adminListUsers']>[0];

/**
 * One page of users; the previous page stays on screen while the next one loads. The answer keeps
 * the offset it was asked for (the server leaves out offset 0), so "21–40 of 45" always describes
 * the rows shown, also while they are the previous page's.
 */
export const listUsersQueryOptions = (query: ListUsersQuery) =>
  queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: async ({ signal }) => ({
      ...(await authClient.adminListUsers(query, { signal })),
      offset: query.offset ?? 0,
    }),
    placeholderData: keepPreviousData,
  });

export const userQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.user(userId),
    queryFn: ({ signal }) => authClient.adminGetUser({ id: userId }, { signal }),
  });

/** The organizations the user belongs to, with their role in each. */
export const userMembershipsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.userMemberships(userId),
    queryFn: ({ signal }) => authClient.adminListUserMemberships({ userId }, { signal }),
  });

/** The user's unexpired sessions, impersonation sessions included. */
export const userSessionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.userSessions(userId),
    queryFn: async ({ signal }) => (await authClient.adminListUserSessions({ userId }, { signal })).sessions,
  });

/** The user's passkeys, oldest first. */
export const userPasskeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.userPasskeys(userId),
    queryFn: ({ signal }) => authClient.adminListUserPasskeys({ userId }, { signal }),
  });

/** The user's personal API keys, oldest first, never their secrets (K14). */
export const userApiKeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.userApiKeys(userId),
    queryFn: async ({ signal }) => (await authClient.adminListUserApiKeys({ userId }, { signal })).apiKeys,
  });
