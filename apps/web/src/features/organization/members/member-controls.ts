import type { MemberWithUser } from '@gatehouse/client';
import { CREATOR_ROLE, splitRoles } from '../access/statements.ts';
import type { OrgPermissions } from '../api/use-org-permissions.ts';

export interface MemberControls {
  /** Show a role picker for this member (else the role is only shown). */
  changeRole: 'hidden' | 'enabled' | 'disabled';
  remove: 'hidden' | 'enabled' | 'disabled';
  /** Why a control is disabled, for its title and screen readers. */
  reason?: string;
}

/**
 * Which controls the caller gets for one member row. Mirrors the server's rules (contract
 * §3.17, §3.18, §3.40): member:update to change roles (owners always may), member:delete to
 * remove, and only owners may touch an owner. Yourself you leave from Settings instead.
 */
export function memberControls(
  permissions: Pick<OrgPermissions, 'can' | 'isOwner'>,
  me: MemberWithUser,
  target: MemberWithUser,
): MemberControls {
  const targetIsOwner = splitRoles(target.role).includes(CREATOR_ROLE);
  const ownerOnly = targetIsOwner && !permissions.isOwner;
  const reason = ownerOnly ? 'Only an owner can change or remove an owner.' : undefined;
  const mayUpdate = permissions.isOwner || permissions.can('member', 'update');
  const mayDelete = permissions.can('member', 'delete') && target.id !== me.id;
  return {
    changeRole: mayUpdate ? (ownerOnly ? 'disabled' : 'enabled') : 'hidden',
    remove: mayDelete ? (ownerOnly ? 'disabled' : 'enabled') : 'hidden',
    reason,
  };
}
