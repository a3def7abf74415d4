import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { teamMembersQueryOptions } from '../api/org-queries.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

interface Membership {
  teamId: string;
  userId: string;
  organizationId: string;
}

/**
 * A team's members, read only while they are shown, and the two changes to them. Both live with
 * the card rather than the list, so hiding the list mid-request loses nothing.
 */
export function useTeamMembers(team: { teamId: string; organizationId: string }, shown: boolean) {
  const { t } = useTranslation();
  const orgChanged = useOrgChanged();
  const members = useQuery({ ...teamMembersQueryOptions(team.teamId), enabled: shown });
  const change = (request: (membership: Membership) => Promise<unknown>, done: string) => ({
    mutationFn: (userId: string) => request({ ...team, userId }),
    onSuccess: async () => {
      toast.success(done);
      await orgChanged();
    },
    onError: (error: unknown) => toast.error(orgErrorMessage(error, t)),
  });
  const add = useMutation(
    change((membership) => authClient.organizationAddTeamMember(membership), t('team.added')),
  );
  const remove = useMutation(
    change((membership) => authClient.organizationRemoveTeamMember(membership), t('team.removed')),
  );
  return { members, add, remove };
}

export type TeamMembersState = ReturnType<typeof useTeamMembers>;
