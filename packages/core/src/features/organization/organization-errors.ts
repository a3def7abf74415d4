/**
 * The organization feature's error codes, part of the one catalogue (`errors.ts`).
 * Organization (docs/protocol/organization.md#error-catalogue). Every error carries its code, also where
 */
export const organizationErrors = {
  // the peer sends none (README: deliberate differences).
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to create a new organization',
  },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: {
    status: 403,
    message: 'You have reached the maximum number of organizations',
  },
  ORGANIZATION_ALREADY_EXISTS: { status: 400, message: 'Organization already exists' },
  ORGANIZATION_SLUG_ALREADY_TAKEN: { status: 400, message: 'Organization slug already taken' },
  ORGANIZATION_NOT_FOUND: { status: 400, message: 'Organization not found' },
  TWO_FACTOR_REQUIRED_BY_ORGANIZATION: {
    status: 403,
    message: 'This organization requires two-factor authentication: turn it on to continue',
  },
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: {
    status: 400,
    message: 'User is not a member of the organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to update this organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to delete this organization',
  },
  NO_ACTIVE_ORGANIZATION: { status: 400, message: 'No active organization' },
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 400,
    message: 'User is already a member of this organization',
  },
  MEMBER_NOT_FOUND: { status: 400, message: 'Member not found' },
  ROLE_NOT_FOUND: { status: 400, message: 'Role not found' },
  TEAM_NOT_FOUND: { status: 400, message: 'Team not found' },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: {
    status: 400,
    message: 'You cannot leave the organization as the only owner',
  },
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: {
    status: 400,
    message: 'You cannot leave the organization without an owner',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: {
    status: 401,
    message: 'You are not allowed to delete this member',
  },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to invite users to this organization',
  },
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: {
    status: 400,
    message: 'User is already invited to this organization',
  },
  INVITATION_NOT_FOUND: { status: 400, message: 'Invitation not found' },
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: {
    status: 403,
    message: 'You are not the recipient of the invitation',
  },
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: {
    status: 403,
    message: 'Email verification required before accepting or rejecting invitation',
  },
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: {
    status: 403,
    message: 'Email verification required to view or list invitations for the session email',
  },
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: {
    status: 403,
    message: 'You are not allowed to cancel this invitation',
  },
  YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS: {
    status: 403,
    message: 'You are not allowed to list invitations for this organization',
  },
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: {
    status: 400,
    message: 'Inviter is no longer a member of the organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE: {
    status: 403,
    message: 'You are not allowed to invite a user with this role',
  },
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: {
    status: 400,
    message: 'You have reached the maximum number of teams',
  },
  UNABLE_TO_REMOVE_LAST_TEAM: { status: 400, message: 'Unable to remove last team' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: {
    status: 403,
    message: 'You are not allowed to update this member',
  },
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: { status: 403, message: 'Organization membership limit reached' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to create teams in this organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to delete teams in this organization',
  },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM: {
    status: 403,
    message: 'You are not allowed to update this team',
  },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: {
    status: 403,
    message: 'You are not allowed to delete this team',
  },
  INVITATION_LIMIT_REACHED: { status: 403, message: 'Invitation limit reached' },
  TEAM_MEMBER_LIMIT_REACHED: { status: 403, message: 'Team member limit reached' },
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: { status: 400, message: 'User is not a member of the team' },
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: { status: 400, message: 'You do not have an active team' },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER: {
    status: 403,
    message: 'You are not allowed to create a new member',
  },
  YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER: {
    status: 403,
    message: 'You are not allowed to remove a team member',
  },
  YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not allowed to access this organization as an owner',
  },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 403,
    message: 'You are not a member of this organization',
  },
  YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE: {
    status: 400,
    message: 'You must be in an organization to create a role',
  },
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_ROLE: { status: 403, message: 'You are not allowed to create a role' },
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_A_ROLE: { status: 403, message: 'You are not allowed to update a role' },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_A_ROLE: { status: 403, message: 'You are not allowed to delete a role' },
  YOU_ARE_NOT_ALLOWED_TO_READ_A_ROLE: { status: 403, message: 'You are not allowed to read a role' },
  YOU_ARE_NOT_ALLOWED_TO_LIST_A_ROLE: { status: 403, message: 'You are not allowed to list a role' },
  TOO_MANY_ROLES: { status: 400, message: 'This organization has too many roles' },
  INVALID_RESOURCE: { status: 400, message: 'The provided permission includes an invalid resource' },
  ROLE_NAME_IS_ALREADY_TAKEN: { status: 400, message: 'That role name is already taken' },
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: { status: 400, message: 'Cannot delete a pre-defined role' },
  ROLE_IS_ASSIGNED_TO_MEMBERS: {
    status: 400,
    message:
      'Cannot delete a role that is assigned to members. Please reassign the members to a different role first',
  },
  INVALID_TEAM_ID: { status: 400, message: 'Team id contains a reserved character' },
  ORGANIZATION_DELETION_DISABLED: { status: 404, message: 'Organization deletion is disabled' },
  ORGANIZATION_ID_REQUIRED: { status: 400, message: 'Organization ID is required' },
  NOT_AUTHENTICATED: { status: 401, message: 'Not authenticated' },
  EMAIL_NOT_ALLOWED_FROM_CLIENT: {
    status: 400,
    message: 'User email cannot be passed for client side API calls.',
  },
  MISSING_SESSION_OR_EMAIL: { status: 400, message: 'Missing session headers, or email query parameter.' },
  INVALID_ROLE_PERMISSIONS: { status: 500, message: 'Invalid permissions for role {role}' },
} as const satisfies Record<string, { status: number; message: string }>;
