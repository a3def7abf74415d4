import { checkOrganizationSlug } from './organization/check-slug.ts';
import { createOrganization } from './organization/create-organization.ts';
import { deleteOrganization } from './organization/delete-organization.ts';
import { getFullOrganization, getOrganization } from './organization/get-organization.ts';
import { listOrganizations } from './organization/list-organizations.ts';
import type { ResolvedOrganization } from './organization/organization-config.ts';
import { setActiveOrganization } from './organization/set-active-organization.ts';
import { updateOrganization } from './organization/update-organization.ts';

/** The organization feature's endpoints, routed only when the feature is on. */
export const organizationEndpoints = [
  createOrganization,
  updateOrganization,
  deleteOrganization,
  checkOrganizationSlug,
  listOrganizations,
  getFullOrganization,
  getOrganization,
  setActiveOrganization,
] as const;

/** Team routes need teams on (contract §0.1). */
export const organizationTeamEndpoints = [] as const;

/** The role routes need dynamic access control on (contract §0.1). */
export const organizationRoleEndpoints = [] as const;

/** The routes of the organization feature for its settings. */
export function organizationEndpointsFor(options: ResolvedOrganization) {
  return [
    ...organizationEndpoints,
    ...(options.teams ? organizationTeamEndpoints : []),
    ...(options.dynamicAccessControl ? organizationRoleEndpoints : []),
  ];
}
