/** The organization screens' addresses (kept here so the shared paths file stays untouched). */
export const orgPaths = {
  root: '/organization',
  create: '/organization/new',
  members: '/organization/members',
  invitations: '/organization/invitations',
  teams: '/organization/teams',
  roles: '/organization/roles',
  settings: '/organization/settings',
  activity: '/organization/activity',
  apiKeys: '/organization/api-keys',
  webhooks: '/organization/webhooks',
  /** The page an invitation email links to (the engine builds this link). */
  acceptInvitation: '/accept-invitation/:invitationId',
} as const;
