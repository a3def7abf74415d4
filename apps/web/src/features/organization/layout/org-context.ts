import type { FullOrganization, MemberWithUser, OrganizationRole } from '@gatehouse/client';
import { useOutletContext } from 'react-router';
import type { OrgPermissions } from '../api/use-org-permissions.ts';

/** What every organization tab gets from the layout around it. */
export interface OrgContext {
  organization: FullOrganization;
  me: MemberWithUser;
  permissions: OrgPermissions;
  /** Custom roles; null when the server has them turned off, undefined while unknown. */
  customRoles: OrganizationRole[] | null | undefined;
}

export function useOrgContext(): OrgContext {
  return useOutletContext<OrgContext>();
}
