import { splitOrganizationRoles } from '../../../access/organization-roles.ts';
import { toIsoText } from '../../../db/schema.ts';
import { AuthError } from '../../../errors.ts';
import type { OrganizationMember, OrganizationMembership } from '../../../ports/organization-membership.ts';
import { findOrganizationById } from '../organization.repository.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import { resolveCaller } from '../policy/organization-caller.ts';
import { addMember } from './add-member.ts';
import { findMember, type MemberRow, membershipsOfUser, usersHoldingRole } from './member.repository.ts';

const memberOfRow = (row: MemberRow): OrganizationMember => ({
  memberId: row.id,
  organizationId: row.organizationId,
  userId: row.userId,
  roles: splitOrganizationRoles(row.role),
  joinedAt: toIsoText(row.createdAt),
});

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
  async ownersOf(auth, organizationId) {
    const organization = await findOrganizationById(auth.db, organizationId);
    if (!organization) return undefined;
    return { name: organization.name, owners: await usersHoldingRole(auth.db, organizationId, 'owner') };
  },
  async memberOf(auth, userId, organizationId) {
    const row = await findMember(auth.db, organizationId, userId);
    return row && memberOfRow(row);
  },
  async mayAct(auth, user, action) {
    // The routes' own caller check, so a consumer can never be laxer than the organization's routes.
    try {
      const caller = await resolveCaller(auth, options, {
        organizationId: action.organizationId,
        user,
        notMember: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION',
        permission: action.permission,
        denied: action.denied,
      });
      return { allowed: true, member: memberOfRow(caller.member) };
    } catch (error) {
      if (error instanceof AuthError) return { allowed: false, code: error.code };
      throw error;
    }
  },
  addMember: (auth, request, membership) => addMember(auth, options, request, membership),
});
