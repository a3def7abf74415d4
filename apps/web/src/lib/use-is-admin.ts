import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { authClient } from './auth-client.ts';

/**
 * The query key of the answer, keyed on who is signed in so a new session asks again; the admin
 * area's key tree (`features/admin/api/admin-keys.ts`) names it too, to ask again after a role change.
 */
export const isAdminQueryKey = (userId: string | null) => ['admin', 'is-admin', userId] as const;

export interface IsAdminState {
  /** True only when the server says the signed-in user may list users; false while signed out. */
  isAdmin: boolean;
  /** Still finding out: the session, or the server's answer about it. */
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * Whether the signed-in user may use the admin area. Asking the server (has-permission for
 * `user:list`, what the users list needs) rather than reading `user.role` keeps the answer right
 * for custom roles and admin user ids. This only decides what to show: the server checks every
 * admin call itself.
 */
export function useIsAdmin(): IsAdminState {
  const { data: session, isPending: sessionPending } = useSession();
  const userId = session?.user.id ?? null;
  const query = useQuery({
    queryKey: isAdminQueryKey(userId),
    queryFn: async ({ signal }) =>
      (await authClient.adminHasPermission({ permissions: { user: ['list'] } }, { signal })).success,
    enabled: userId !== null,
    staleTime: 60_000,
  });
  return {
    isAdmin: userId !== null && query.data === true,
    isPending: (sessionPending && !session) || (userId !== null && query.isPending),
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
