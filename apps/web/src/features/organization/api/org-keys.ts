/**
 * Query keys of the organization screens, one tree: any change to an organization invalidates
 * `all`, so lists, the active organization, permissions and roles load again together.
 */
export const orgKeys = {
  all: ['organization'] as const,
  list: ['organization', 'list'] as const,
  full: (organizationId: string | null) => ['organization', 'full', organizationId] as const,
  permissions: (organizationId: string, role: string) =>
    ['organization', 'permissions', organizationId, role] as const,
  roles: (organizationId: string) => ['organization', 'roles', organizationId] as const,
  apiKeys: (organizationId: string) => ['organization', 'api-keys', organizationId] as const,
  webhooks: (organizationId: string) => ['organization', 'webhooks', organizationId] as const,
  teamMembers: (teamId: string) => ['organization', 'team-members', teamId] as const,
  memberTeams: (organizationId: string) => ['organization', 'member-teams', organizationId] as const,
  memberPage: (organizationId: string, search: string, page: number) =>
    ['organization', 'members', organizationId, search, page] as const,
  owners: (organizationId: string) => ['organization', 'owners', organizationId] as const,
  activeMember: (organizationId: string) => ['organization', 'active-member', organizationId] as const,
  invitation: (invitationId: string, userId: string | null) =>
    ['organization', 'invitation', invitationId, userId] as const,
  invitationPreview: (invitationId: string) => ['organization', 'invitation-preview', invitationId] as const,
  slug: (slug: string) => ['organization', 'slug', slug] as const,
  myInvitations: (userId: string | null) => ['organization', 'my-invitations', userId] as const,
};
