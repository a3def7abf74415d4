import type { AdminUser } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminKeys } from './admin-keys.ts';

/**
 * After a call that answers with the changed user: the user page shows the answer at once, lists
 * load again, and when the admin changed their own account the header's session follows.
 */
export function useUserUpdated(): (user: AdminUser) => void {
  const queryClient = useQueryClient();
  const { data: session, refetch } = useSession();
  const ownId = session?.user.id;
  return useCallback(
    (user: AdminUser) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      void queryClient.invalidateQueries({ queryKey: adminKeys.userLists });
      if (user.id === ownId) {
        void refetch(true);
        // A role change of one's own decides what the admin area may show.
        void queryClient.invalidateQueries({ queryKey: adminKeys.isAdmin(ownId) });
      }
    },
    [queryClient, ownId, refetch],
  );
}
