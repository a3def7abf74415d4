import { toIsoText } from '../../../db/schema.ts';
import type { OrganizationMembership } from '../../../ports/organization-membership.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { addMember } from './add-member.ts';
import { membershipsOfUser } from './member.repository.ts';

/** The organization feature's side of `ports.membership`. */
export const membershipService = (options: ResolvedOrganization): OrganizationMembership => ({
  async membershipsOf(auth, userId) {
    return (await membershipsOfUser(auth.db, userId)).map((row) => ({
      memberId: row.memberId,
      role: row.role,
      joinedAt: toIsoText(row.joinedAt),
      organization: { id: row.organizationId, name: row.name, slug: row.slug, logo: row.logo ?? null },
    }));
  },
  addMember: (auth, request, membership) => addMember(auth, options, request, membership),
});
