import type { FullOrganization, MemberWithUser } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { activeMemberQueryOptions, fullOrgQueryOptions } from './org-queries.ts';

export interface ActiveOrganization {
  /** The session's active organization id; null in the personal space. */
  organizationId: string | null;
  organization: FullOrganization | null | undefined;
  /** The caller's own membership in it. */
  me: MemberWithUser | undefined;
  isPending: boolean;
  error: Error | null;
  refetch: () => void;
}

/**
 * The organization the session works in, as the switcher set it. get-full-organization lists the
 * first 100 members only, so a caller who joined after them is read on their own.
 */
export function useActiveOrganization(): ActiveOrganization {
  const { data: session } = useSession();
  const organizationId = session?.session.activeOrganizationId ?? null;
  const userId = session?.user.id;
  const query = useQuery({ ...fullOrgQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
  const listed = query.data?.members.find((member) => member.userId === userId);
  const beyondList = query.data !== undefined && query.data !== null && !listed;
  const own = useQuery({ ...activeMemberQueryOptions(organizationId ?? ''), enabled: beyondList });
  return {
    organizationId,
    organization: query.data,
    me: listed ?? (beyondList ? (own.data ?? undefined) : undefined),
    isPending: organizationId !== null && (query.isPending || (beyondList && own.isPending)),
    error: query.error ?? (beyondList ? own.error : null),
    refetch: () => {
      void query.refetch();
      if (beyondList) void own.refetch();
    },
  };
}
