import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { authClient } from '../../../lib/auth-client.ts';
import { ALL_PAIRS, CREATOR_ROLE } from '../../../lib/permissions/organization-statements.ts';
import { splitRoles } from '../../../lib/role-label.ts';
import { defaultRolePairs } from '../access/local-permissions.ts';
import { orgKeys } from './org-keys.ts';

export interface OrgPermissions {
  /** Whether the caller's role allows `action` on `resource` in this organization. */
  can(resource: string, action: string): boolean;
  /** Holds the creator role (owner): the only one who may give, change or remove it. */
  isOwner: boolean;
  /** Still asking the server (only for roles the app cannot decide itself). */
  isPending: boolean;
}

/**
 * What the caller may do in an organization. Roles made only of default roles are decided from
 * the spec's table; any other role (a custom one, or a default one this organization extended
 * with a stored role of the same name) is asked of the server: has-permission, one pair per
 * request, since it answers only yes or no. Only what is shown depends on this: the server
 * checks every call itself.
 *
 * `customRoleNames` is undefined while the organization's roles are still loading; the table
 * is used meanwhile and the server is asked only once they are known.
 */
export function useOrgPermissions(
  organizationId: string | null,
  role: string | null,
  customRoleNames: readonly string[] | undefined,
): OrgPermissions {
  const local = useMemo(
    () => (role === null ? null : defaultRolePairs(role, customRoleNames ?? [])),
    [role, customRoleNames],
  );
  const query = useQuery({
    queryKey: orgKeys.permissions(organizationId ?? '', role ?? ''),
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        ALL_PAIRS.map(async (pair) => {
          const [resource, action] = pair.split(':') as [string, string];
          const { success } = await authClient.organizationHasPermission(
            { organizationId: organizationId ?? undefined, permissions: { [resource]: [action] } },
            { signal },
          );
          return success ? pair : null;
        }),
      );
      return answers.filter((pair): pair is string => pair !== null);
    },
    enabled: organizationId !== null && role !== null && customRoleNames !== undefined && local === null,
    staleTime: 60_000,
  });
  const pairs = (local === null ? query.data : local) ?? [];
  return {
    can: (resource, action) => pairs.includes(`${resource}:${action}`),
    isOwner: splitRoles(role).includes(CREATOR_ROLE),
    isPending: query.isPending && local === null,
  };
}
