import type { MemberWithUser } from '@gatehouse/client';
import type { MessageKey } from '../../../i18n/en.ts';
import { CREATOR_ROLE } from '../../../lib/permissions/organization-statements.ts';
import { splitRoles } from '../../../lib/role-label.ts';
import type { OrgPermissions } from '../api/use-org-permissions.ts';

export interface MemberControls {
  /** Show a role picker for this member (else the role is only shown). */
  changeRole: 'hidden' | 'enabled' | 'disabled';
  remove: 'hidden' | 'enabled' | 'disabled';
  /** Why a control is disabled, for its title and screen readers. */
  reason?: MessageKey;
}

export const isOwnerMember = (member: MemberWithUser): boolean =>
  splitRoles(member.role).includes(CREATOR_ROLE);

/**
 * Which controls the caller gets for one member row. Mirrors the server's rules
 * (docs/protocol/organization.md#remove-member, docs/protocol/organization.md#update-member-role,
 * docs/protocol/organization.md#owner-protections): member:update to change roles (owners always
 * may), member:delete to remove, only owners may touch an owner, and the last owner keeps the owner
 * role. Yourself you leave from Settings instead.
 */
export function memberControls(
  permissions: Pick<OrgPermissions, 'can' | 'isOwner'>,
  me: MemberWithUser,
  target: MemberWithUser,
  ownerCount: number,
): MemberControls {
  const targetIsOwner = isOwnerMember(target);
  const ownerOnly = targetIsOwner && !permissions.isOwner;
  const lastOwner = targetIsOwner && ownerCount <= 1;
  const reason = ownerOnly ? 'org.members.ownerOnly' : lastOwner ? 'org.members.lastOwner' : undefined;
  const mayUpdate = permissions.isOwner || permissions.can('member', 'update');
  const mayDelete = permissions.can('member', 'delete') && target.id !== me.id;
  return {
    changeRole: mayUpdate ? (ownerOnly || lastOwner ? 'disabled' : 'enabled') : 'hidden',
    remove: mayDelete ? (ownerOnly || lastOwner ? 'disabled' : 'enabled') : 'hidden',
    reason,
  };
}
