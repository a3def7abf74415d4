import { getActiveMember, getActiveMemberRoleEndpoint } from './active-member.ts';
import { addMemberEndpoint } from './add-member.ts';
import { cancelInvitationEndpoint } from './cancel-invitation.ts';
import { checkOrganizationSlug } from './check-slug.ts';
import { createOrganizationEndpoint } from './create-organization.ts';
import { createRoleEndpoint } from './create-role.ts';
import { createTeamEndpoint } from './create-team.ts';
import { deleteOrganizationEndpoint } from './delete-organization.ts';
import { deleteRoleEndpoint } from './delete-role.ts';
import { getFullOrganizationEndpoint, getOrganizationEndpoint } from './get-organization.ts';
import { hasPermissionEndpoint } from './has-permission.ts';
import { invitationPreviewEndpoint } from './invitation-preview.ts';
import { inviteMemberEndpoint } from './invite-member.ts';
import { leaveOrganizationEndpoint } from './leave-organization.ts';
import { listMemberTeamsEndpoint } from './list-member-teams.ts';
import { listMembersEndpoint } from './list-members.ts';
import { listOrganizations } from './list-organizations.ts';
import { listTeamsEndpoint, listUserTeamsEndpoint } from './list-teams.ts';
import type {
  ResolvedDynamicAccessControl,
  ResolvedOrganization,
  ResolvedTeams,
} from './organization-config.ts';
import {
  getInvitationEndpoint,
  listInvitationsEndpoint,
  listUserInvitationsEndpoint,
} from './read-invitations.ts';
import { getRoleEndpoint, listRolesEndpoint } from './read-roles.ts';
import { removeMemberEndpoint } from './remove-member.ts';
import { removeTeamEndpoint } from './remove-team.ts';
import { acceptInvitationEndpoint, rejectInvitationEndpoint } from './respond-to-invitation.ts';
import { setActiveOrganization } from './set-active-organization.ts';
import {
  addTeamMemberEndpoint,
  listTeamMembers,
  removeTeamMemberEndpoint,
  setActiveTeam,
} from './team-members.ts';
import { updateMemberRoleEndpoint } from './update-member-role.ts';
import { updateOrganizationEndpoint } from './update-organization.ts';
import { updateRoleEndpoint } from './update-role.ts';
import { updateTeamEndpoint } from './update-team.ts';

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
