import { useQuery } from '@tanstack/react-query';
import { memberTeamsQueryOptions } from '../api/org-queries.ts';
import type { OrgContext } from '../layout/org-context.ts';

/**
 * The teams column's data: each member's team names, in one read for the whole organization.
 * Null when the column is not shown: teams are off, or the caller may not see others' teams
 * (the server asks member:update, as for list-user-teams).
 */
export function useMemberTeams({
  organization,
  permissions,
}: Pick<OrgContext, 'organization' | 'permissions'>) {
  const shown = organization.teams !== undefined && permissions.can('member', 'update');
  const query = useQuery({ ...memberTeamsQueryOptions(organization.id), enabled: shown });
  if (!shown) return null;
  const names = new Map((organization.teams ?? []).map((team) => [team.id, team.name]));
  return {
    isError: query.isError,
    /** A member's team names; undefined while loading or after a failed read. */
    of: (userId: string): string[] | undefined =>
      query.data && (query.data.teams[userId] ?? []).map((id) => names.get(id) ?? id),
  };
}
