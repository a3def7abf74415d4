import { GatehouseError } from '@gatehouse/client';
import { queryOptions } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { orgKeys } from './org-keys.ts';

/** The organizations the signed-in person belongs to (the switcher's choices). */
export const orgListQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...orgKeys.list, userId],
    queryFn: ({ signal }) => authClient.organizationList(undefined, { signal }),
    enabled: userId !== null,
  });

/** The active organization with its members, visible invitations and (when on) teams. */
export const fullOrgQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.full(organizationId),
    queryFn: ({ signal }) => authClient.organizationGetFull({ organizationId }, { signal }),
  });

/**
 * The organization's custom roles, or null when the server has custom roles turned off (the
 * route then does not exist: 404), so the Roles tab can hide.
 */
export const rolesQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.roles(organizationId),
    queryFn: async ({ signal }) => {
      try {
        return await authClient.organizationListRoles({ organizationId }, { signal });
      } catch (error) {
        if (error instanceof GatehouseError && error.status === 404) return null;
        throw error;
      }
    },
  });

export const teamMembersQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: orgKeys.teamMembers(teamId),
    queryFn: ({ signal }) => authClient.organizationListTeamMembers({ teamId }, { signal }),
    retry: false,
  });

/** Every member's team ids (Gatehouse's list-member-teams), for the members list's teams column. */
export const memberTeamsQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.memberTeams(organizationId),
    queryFn: ({ signal }) => authClient.organizationListMemberTeams({ organizationId }, { signal }),
    retry: false,
  });
