import { hasPermission, ownEntry } from '../../../access/access-control.ts';
import { splitOrganizationRoles } from '../../../access/organization-roles.ts';
import { AuthError, type ErrorCode } from '../../../errors.ts';
import type { ResolvedOrganization } from '../organization-config.ts';
import type { OrganizationCaller } from './organization-caller.ts';

/** Whether a role string includes the creator role, which gates the owner protections. */
export const isCreator = (options: ResolvedOrganization, role: string | null | undefined): boolean =>
  splitOrganizationRoles(role).includes(options.creatorRole);

/**
 * docs/protocol/organization.md#invitation-visibility: invitations are visible to members whose roles grant
 * invitation:create, and invitations for the creator role only to creator-role holders.
 */
export async function invitationFilter(
  options: ResolvedOrganization,
  caller: OrganizationCaller,
): Promise<((invitation: { role: string | null }) => boolean) | null> {
  if (!(await caller.can({ invitation: ['create'] }))) return null;
  if (caller.isCreator) return () => true;
  return (invitation) => !isCreator(options, invitation.role);
}

/**
 * A member may only hand out roles within their own rights: every action of every assigned role
 * must be one the caller holds (creator-role holders may give anything). Without this an admin
 * could assign a custom role carrying rights they lack, such as organization:delete.
 */
export async function requireCanGrantRoles(
  caller: OrganizationCaller,
  roleNames: string[],
  code: ErrorCode,
): Promise<void> {
  if (caller.isCreator) return;
  const roles = await caller.roles.all();
  const own = splitOrganizationRoles(caller.member.role);
  for (const name of roleNames) {
    for (const [resource, actions] of Object.entries(ownEntry(roles, name) ?? {})) {
      for (const action of actions) {
        if (!hasPermission(own, roles, { [resource]: [action] })) throw new AuthError(code);
      }
    }
  }
}
