import type { FullOrganization, MemberWithUser } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { fullOrgQueryOptions } from './org-queries.ts';

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

/** The organization the session works in, as the switcher set it. */
export function useActiveOrganization(): ActiveOrganization {
  const { data: session } = useSession();
  const organizationId = session?.session.activeOrganizationId ?? null;
  const userId = session?.user.id;
  const query = useQuery({ ...fullOrgQueryOptions(organizationId ?? ''), enabled: organizationId !== null });
  return {
    organizationId,
    organization: query.data,
    me: query.data?.members.find((member) => member.userId === userId),
    isPending: organizationId !== null && query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
