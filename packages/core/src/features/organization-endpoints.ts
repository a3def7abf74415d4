import { getActiveMember, getActiveMemberRole } from './organization/active-member.ts';
import { addMember } from './organization/add-member.ts';
import { cancelInvitation } from './organization/cancel-invitation.ts';
import { checkOrganizationSlug } from './organization/check-slug.ts';
import { createOrganization } from './organization/create-organization.ts';
import { createRole } from './organization/create-role.ts';
import { createTeam } from './organization/create-team.ts';
import { deleteOrganization } from './organization/delete-organization.ts';
import { deleteRole } from './organization/delete-role.ts';
import { getFullOrganization, getOrganization } from './organization/get-organization.ts';
import { organizationHasPermission } from './organization/has-permission.ts';
import { inviteMember } from './organization/invite-member.ts';
import { leaveOrganization } from './organization/leave-organization.ts';
import { listMembers } from './organization/list-members.ts';
import { listOrganizations } from './organization/list-organizations.ts';
import { listTeams, listUserTeams } from './organization/list-teams.ts';
import type { ResolvedOrganization } from './organization/organization-config.ts';
import { getInvitation, listInvitations, listUserInvitations } from './organization/read-invitations.ts';
import { getRole, listRoles } from './organization/read-roles.ts';
import { removeMember } from './organization/remove-member.ts';
import { removeTeam } from './organization/remove-team.ts';
import { acceptInvitation, rejectInvitation } from './organization/respond-to-invitation.ts';
import { setActiveOrganization } from './organization/set-active-organization.ts';
import {
  addTeamMemberEndpoint,
  listTeamMembers,
  removeTeamMemberEndpoint,
  setActiveTeam,
} from './organization/team-members.ts';
import { updateMemberRoleEndpoint } from './organization/update-member-role.ts';
import { updateOrganization } from './organization/update-organization.ts';
import { updateRole } from './organization/update-role.ts';
import { updateTeam } from './organization/update-team.ts';

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
  inviteMember,
  acceptInvitation,
  rejectInvitation,
  cancelInvitation,
  getInvitation,
  listInvitations,
  listUserInvitations,
  listMembers,
  removeMember,
  updateMemberRoleEndpoint,
  getActiveMember,
  getActiveMemberRole,
  leaveOrganization,
  addMember,
  organizationHasPermission,
] as const;

/** Team routes need teams on (contract §0.1). */
export const organizationTeamEndpoints = [
  createTeam,
  updateTeam,
  removeTeam,
  listTeams,
  setActiveTeam,
  listUserTeams,
  listTeamMembers,
  addTeamMemberEndpoint,
  removeTeamMemberEndpoint,
] as const;

/** The role routes need dynamic access control on (contract §0.1). */
export const organizationRoleEndpoints = [createRole, deleteRole, listRoles, getRole, updateRole] as const;

/** The routes of the organization feature for its settings. */
export function organizationEndpointsFor(options: ResolvedOrganization) {
  return [
    ...organizationEndpoints,
    ...(options.teams ? organizationTeamEndpoints : []),
    ...(options.dynamicAccessControl ? organizationRoleEndpoints : []),
  ];
}
