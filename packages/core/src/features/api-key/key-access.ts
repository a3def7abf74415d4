import type { AuthContext } from '../../context.ts';
import { AuthError, type ErrorCode } from '../../errors.ts';
import type { User } from '../../user/user.ts';
import { findApiKeyById } from './api-key.repository.ts';
import type { ApiKeyRow } from './api-key-row.ts';

export type KeyAction = 'create' | 'read' | 'update' | 'delete';

/**
 * The refusals of an organization key's action, for the routes' `errors`; the organization
 * feature's own codes only while it is on (its membership check answers them).
 */
export function organizationRefusals(organizations: boolean, ...more: ErrorCode[]): ErrorCode[] {
  const own: ErrorCode[] = ['USER_NOT_MEMBER_OF_ORGANIZATION', 'INSUFFICIENT_API_KEY_PERMISSIONS'];
  return organizations
    ? [...own, ...more, 'TWO_FACTOR_REQUIRED_BY_ORGANIZATION', 'INVALID_ROLE_PERMISSIONS']
    : own;
}

/**
 * The caller may do this to the organization's keys: a member (else 403
 * USER_NOT_MEMBER_OF_ORGANIZATION, also for an organization that does not exist) whose roles grant
 * `apiKey:<action>` (else 403 INSUFFICIENT_API_KEY_PERMISSIONS), checked by the organization
 * feature exactly as its own routes check (docs/protocol/api-key.md#organization-keys, K1).
 */
export async function requireKeyPermission(
  auth: AuthContext,
  user: User,
  organizationId: string,
  action: KeyAction,
): Promise<void> {
  const membership = auth.ports.membership;
  // Organizations off: there is no organization configuration (K8), so nobody is a member.
  if (!membership) throw new AuthError('USER_NOT_MEMBER_OF_ORGANIZATION');
  const verdict = await membership.mayAct(auth, user, {
    organizationId,
    permission: { apiKey: [action] },
    denied: 'INSUFFICIENT_API_KEY_PERMISSIONS',
  });
  if (verdict.allowed) return;
  throw new AuthError(
    verdict.code === 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION'
      ? 'USER_NOT_MEMBER_OF_ORGANIZATION'
      : verdict.code,
  );
}

/**
 * The key get, update and delete act on (docs/protocol/api-key.md#get): 404 KEY_NOT_FOUND for an
 * unknown id, a key of another configuration than the one asked (default when none is), and someone
 * else's personal key — never 403, so ids of other people's keys cannot be probed; an organization
 * key's caller then needs the action's permission.
 */
export async function keyFor(
  auth: AuthContext,
  user: User,
  id: string,
  configId: string | undefined,
  action: KeyAction,
): Promise<ApiKeyRow> {
  const row = await findApiKeyById(auth.db, id);
  if (!row || row.configId !== (configId || 'default')) throw new AuthError('KEY_NOT_FOUND');
  if (row.configId === 'default') {
    if (row.referenceId !== user.id) throw new AuthError('KEY_NOT_FOUND');
    return row;
  }
  if (row.configId !== 'organization' || !auth.options.organization) throw new AuthError('KEY_NOT_FOUND');
  await requireKeyPermission(auth, user, row.referenceId, action);
  return row;
}
