import type { FullOrganization, MemberWithUser } from '@gatehouse/client';

/** Test data for the organization screens' component tests (never used by the app). */
export const ORG_ID = 'org-acme';
const NOW = '2026-01-02T10:00:00.000Z';

export function member(id: string, role: string, name: string): MemberWithUser {
  const email = `${name.toLowerCase()}@example.com`;
  return {
    id: `member-${id}`,
    organizationId: ORG_ID,
    userId: `user-${id}`,
    role,
    createdAt: NOW,
    user: { id: `user-${id}`, name, email, image: null },
  };
}

export function fullOrganization(
  members: MemberWithUser[],
  extra: Partial<FullOrganization> = {},
): FullOrganization {
  return {
    id: ORG_ID,
    name: 'Acme',
    slug: 'acme',
    logo: null,
    createdAt: NOW,
    metadata: null,
    members,
    invitations: [],
    teams: [],
    ...extra,
  };
}
