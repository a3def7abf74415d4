import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { adminKeys } from './admin-keys.ts';

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
    queryKey: adminKeys.isAdmin(userId),
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
