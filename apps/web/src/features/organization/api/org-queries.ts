import { GatehouseError } from '@gatehouse/client';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';
import { CREATOR_ROLE } from '../../../lib/permissions/organization-statements.ts';
import { splitRoles } from '../../../lib/role-label.ts';
import { orgKeys } from './org-keys.ts';

/** Members shown to a page on the members list. */
export const MEMBERS_PAGE_SIZE = 20;

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

/**
 * One page of members, oldest first, searched by name or email on the server (Gatehouse's
 * `search` of list-members), with how many match; the previous page stays on screen while the next
 * one loads, and the answer keeps the offset it was asked for so "21–40 of 134" describes the rows
 * shown.
 */
export const memberPageQueryOptions = (organizationId: string, search: string, page: number) =>
  queryOptions({
    queryKey: orgKeys.memberPage(organizationId, search, page),
    queryFn: async ({ signal }) => {
      const offset = page * MEMBERS_PAGE_SIZE;
      const answer = await authClient.organizationListMembers(
        {
          organizationId,
          limit: MEMBERS_PAGE_SIZE,
          offset,
          sortBy: 'createdAt',
          sortDirection: 'asc',
          ...(search ? { search } : {}),
        },
        { signal },
      );
      return { ...answer, offset };
    },
    placeholderData: keepPreviousData,
  });

/**
 * How many owners the organization has, at least up to 100: enough to know whether the one shown
 * is the last (the last owner's role cannot change). The filter narrows to roles naming `owner`;
 * splitting the role lists here leaves out custom roles that merely contain the word.
 */
export const ownerCountQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.owners(organizationId),
    queryFn: async ({ signal }) => {
      const { members } = await authClient.organizationListMembers(
        {
          organizationId,
          limit: 100,
          filterField: 'role',
          filterOperator: 'contains',
          filterValue: CREATOR_ROLE,
        },
        { signal },
      );
      return members.filter((member) => splitRoles(member.role).includes(CREATOR_ROLE)).length;
    },
  });

/** The caller's own membership of the active organization. */
export const activeMemberQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: orgKeys.activeMember(organizationId),
    queryFn: ({ signal }) => authClient.organizationGetActiveMember(undefined, { signal }),
  });
