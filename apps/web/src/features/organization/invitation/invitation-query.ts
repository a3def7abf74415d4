import { queryOptions } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { orgKeys } from '../api/org-keys.ts';

/** The invitation as its recipient sees it; keyed on who asks, since only the recipient may. */
export const invitationQueryOptions = (invitationId: string, userId: string | null) =>
  queryOptions({
    queryKey: orgKeys.invitation(invitationId, userId),
    queryFn: ({ signal }) => authClient.organizationGetInvitation({ id: invitationId }, { signal }),
    enabled: userId !== null,
    retry: false,
  });

/** What the link shows before the person signs in: who invites which address to what. */
export const invitationPreviewQueryOptions = (invitationId: string) =>
  queryOptions({
    queryKey: orgKeys.invitationPreview(invitationId),
    queryFn: ({ signal }) => authClient.organizationInvitationPreview({ id: invitationId }, { signal }),
    retry: false,
  });
