import { checkOrganizationSlug } from './check-slug.ts';
import { createOrganizationEndpoint } from './create-organization.ts';
import { deleteOrganizationEndpoint } from './delete-organization.ts';
import { getFullOrganizationEndpoint, getOrganizationEndpoint } from './get-organization.ts';
import { cancelInvitationEndpoint } from './invitations/cancel-invitation.ts';
import { invitationPreviewEndpoint } from './invitations/invitation-preview.ts';
import { inviteMemberEndpoint } from './invitations/invite-member.ts';
import {
  getInvitationEndpoint,
  listInvitationsEndpoint,
  listUserInvitationsEndpoint,
} from './invitations/read-invitations.ts';
import { acceptInvitationEndpoint, rejectInvitationEndpoint } from './invitations/respond-to-invitation.ts';
import { listOrganizations } from './list-organizations.ts';
import { getActiveMember, getActiveMemberRoleEndpoint } from './members/active-member.ts';
import { addMemberEndpoint } from './members/add-member.ts';
import { leaveOrganizationEndpoint } from './members/leave-organization.ts';
import { listMembersEndpoint } from './members/list-members.ts';
import { removeMemberEndpoint } from './members/remove-member.ts';
import { updateMemberRoleEndpoint } from './members/update-member-role.ts';
import type {
  ResolvedDynamicAccessControl,
  ResolvedOrganization,
  ResolvedTeams,
} from './organization-config.ts';
import { hasPermissionEndpoint } from './policy/has-permission.ts';
import { createRoleEndpoint } from './roles/create-role.ts';
import { deleteRoleEndpoint } from './roles/delete-role.ts';
import { getRoleEndpoint, listRolesEndpoint } from './roles/read-roles.ts';
import { updateRoleEndpoint } from './roles/update-role.ts';
import { setActiveOrganization } from './set-active-organization.ts';
import { createTeamEndpoint } from './teams/create-team.ts';
import { listMemberTeamsEndpoint } from './teams/list-member-teams.ts';
import { listTeamsEndpoint, listUserTeamsEndpoint } from './teams/list-teams.ts';
import { removeTeamEndpoint } from './teams/remove-team.ts';
import {
  addTeamMemberEndpoint,
  listTeamMembers,
  removeTeamMemberEndpoint,
  setActiveTeam,
} from './teams/team-members.ts';
import { updateTeamEndpoint } from './teams/update-team.ts';
import { updateOrganizationEndpoint } from './update-organization.ts';

/**
 * The organization feature's routes for its settings, built once by `createAuth`: each handler
 * closes over the resolved options. Team routes exist only with teams on, role routes only with
 * custom roles on (docs/protocol/organization.md#configuration).
 */
export function organizationEndpoints(options: ResolvedOrganization) {
  return [
    createOrganizationEndpoint(options),
    updateOrganizationEndpoint(options),
    deleteOrganizationEndpoint(options),
    checkOrganizationSlug,
    listOrganizations,
    getFullOrganizationEndpoint(options),
    getOrganizationEndpoint(options),
    setActiveOrganization,
    inviteMemberEndpoint(options),
    acceptInvitationEndpoint(options),
    rejectInvitationEndpoint(options),
    cancelInvitationEndpoint(options),
    getInvitationEndpoint(options),
    invitationPreviewEndpoint,
    listInvitationsEndpoint(options),
    listUserInvitationsEndpoint(options),
    listMembersEndpoint(options),
    removeMemberEndpoint(options),
    updateMemberRoleEndpoint(options),
    getActiveMember,
    getActiveMemberRoleEndpoint(options),
    leaveOrganizationEndpoint(options),
    addMemberEndpoint(options),
    hasPermissionEndpoint(options),
    ...(options.teams ? teamEndpoints(options, options.teams) : []),
    ...(options.dynamicAccessControl ? roleEndpoints(options, options.dynamicAccessControl) : []),
  ];
}

/** The names `auth.api` exposes for the organization feature (all of them, whatever the settings). */
function teamEndpoints(options: ResolvedOrganization, teams: ResolvedTeams) {
  return [
    createTeamEndpoint(options, teams),
    updateTeamEndpoint(options),
    removeTeamEndpoint(options, teams),
    listTeamsEndpoint(options),
    setActiveTeam,
    listUserTeamsEndpoint(options),
    listMemberTeamsEndpoint(options),
    listTeamMembers,
    addTeamMemberEndpoint(options, teams),
    removeTeamMemberEndpoint(options),
  ];
}

function roleEndpoints(options: ResolvedOrganization, custom: ResolvedDynamicAccessControl) {
  return [
    createRoleEndpoint(options, custom),
    deleteRoleEndpoint(options),
    listRolesEndpoint(options),
    getRoleEndpoint(options),
    updateRoleEndpoint(options),
  ];
}
