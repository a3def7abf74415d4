import { useSession } from '@gatehouse/client/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { orgKeys } from './org-keys.ts';

/**
 * After any organization change: everything organization-shaped loads again. With
 * `{ session: true }` (the active organization changed) the session is loaded first, so the
 * page navigated to next already knows which organization is active.
 */
export function useOrgChanged(): (options?: { session?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  const { refetch } = useSession();
  return useCallback(
    async (options) => {
      if (options?.session) await refetch(true);
      await queryClient.invalidateQueries({ queryKey: orgKeys.all });
    },
    [queryClient, refetch],
  );
}
