import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { orgKeys } from './org-keys.ts';

/**
 * Invitations waiting for the signed-in person and still open. The server lists them only for a
 * verified email; anyone else gets none here (their email's link still works).
 */
export function useMyInvitations() {
  const { data: session } = useSession();
  const userId = session?.user.id ?? null;
  const query = useQuery({
    queryKey: orgKeys.myInvitations(userId),
    queryFn: ({ signal }) => authClient.organizationListUserInvitations(undefined, { signal }),
    enabled: userId !== null && session?.user.emailVerified === true,
    retry: false,
  });
  // Pending ones come back even when expired; those can no longer be accepted.
  return (query.data ?? []).filter((each) => new Date(each.expiresAt).getTime() > Date.now());
}
