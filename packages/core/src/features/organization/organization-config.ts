/**
 * The organization feature's options (docs/protocol/organization.md#limits,
 * docs/protocol/organization.md#owner-protections).
 */
export interface OrganizationOptions {
  enabled?: boolean;
  /** Default true: any signed-in user may create organizations. */
  allowUserToCreateOrganization?: boolean;
  /** Memberships a user may hold before create is refused; default unlimited. */
  organizationLimit?: number;
  /** Members an organization may have (checked at accept and server add-member); default 100. */
  membershipLimit?: number;
  /** Pending unexpired invitations an organization may have; default 100. */
  invitationLimit?: number;
  /** Seconds; default 172800 (48 h). */
  invitationExpiresIn?: number;
  /** Given to an organization's creator; gates the owner protections. Default `owner`. */
  creatorRole?: string;
  /** Re-inviting without `resend` cancels the pending invitation; default false. */
  cancelPendingInvitationsOnReInvite?: boolean;
  /** Accept, reject and get-invitation need a verified email; default false. */
  requireEmailVerificationOnInvitation?: boolean;
  /** Default false. */
  disableOrganizationDeletion?: boolean;
  teams?: {
    enabled?: boolean;
    /** Default unlimited. */
    maximumTeams?: number;
    /** Default unlimited. */
    maximumMembersPerTeam?: number;
    /** Default false: the last team of an organization cannot be removed. */
    allowRemovingAllTeams?: boolean;
    /** Default true: create adds a team named after the organization, with the creator in it. */
    defaultTeam?: { enabled?: boolean };
  };
  /** Custom roles stored per organization, governed by the `ac` resource. */
  dynamicAccessControl?: {
    enabled?: boolean;
    /** Default unlimited. */
    maximumRolesPerOrganization?: number;
  };
  /** The link in invitation emails; default `${baseURL}/accept-invitation/${invitationId}`. */
  invitationLink?: (invitationId: string) => string;
}

export interface ResolvedOrganization {
  allowUserToCreateOrganization: boolean;
  organizationLimit: number;
  membershipLimit: number;
  invitationLimit: number;
  invitationExpiresIn: number;
  creatorRole: string;
  cancelPendingInvitationsOnReInvite: boolean;
  requireEmailVerificationOnInvitation: boolean;
  disableOrganizationDeletion: boolean;
  /** Undefined when teams are off. */
  teams: ResolvedTeams | undefined;
  /** Undefined when custom roles are off. */
  dynamicAccessControl: ResolvedDynamicAccessControl | undefined;
  invitationLink: (invitationId: string) => string;
}

export interface ResolvedTeams {
  maximumTeams: number;
  maximumMembersPerTeam: number;
  allowRemovingAllTeams: boolean;
  defaultTeam: boolean;
}

export interface ResolvedDynamicAccessControl {
  maximumRolesPerOrganization: number;
}

export function resolveOrganization(
  options: OrganizationOptions | undefined,
  origin: string,
): ResolvedOrganization | undefined {
  if (!options?.enabled) return undefined;
  const teams = options.teams?.enabled
    ? {
        maximumTeams: options.teams.maximumTeams ?? Number.POSITIVE_INFINITY,
        maximumMembersPerTeam: options.teams.maximumMembersPerTeam ?? Number.POSITIVE_INFINITY,
        allowRemovingAllTeams: options.teams.allowRemovingAllTeams ?? false,
        defaultTeam: options.teams.defaultTeam?.enabled ?? true,
      }
    : undefined;
  const dynamic = options.dynamicAccessControl?.enabled
    ? {
        maximumRolesPerOrganization:
          options.dynamicAccessControl.maximumRolesPerOrganization ?? Number.POSITIVE_INFINITY,
      }
    : undefined;
  return {
    allowUserToCreateOrganization: options.allowUserToCreateOrganization ?? true,
    organizationLimit: options.organizationLimit ?? Number.POSITIVE_INFINITY,
    membershipLimit: options.membershipLimit ?? 100,
    invitationLimit: options.invitationLimit ?? 100,
    invitationExpiresIn: options.invitationExpiresIn ?? 172_800,
    creatorRole: options.creatorRole ?? 'owner',
    cancelPendingInvitationsOnReInvite: options.cancelPendingInvitationsOnReInvite ?? false,
    requireEmailVerificationOnInvitation: options.requireEmailVerificationOnInvitation ?? false,
    disableOrganizationDeletion: options.disableOrganizationDeletion ?? false,
    teams,
    dynamicAccessControl: dynamic,
    invitationLink: options.invitationLink ?? ((id) => `${origin}/accept-invitation/${id}`),
  };
}
