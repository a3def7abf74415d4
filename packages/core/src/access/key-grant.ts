import type { User } from '../user/user.ts';
import { evaluateRole, type PermissionRequest, type Statements } from './access-control.ts';

/**
 * What an API-key session may do beyond whose it is (docs/protocol/api-key.md#decisions-for-gatehouse,
 * K9 and K10): the key's scopes (null: the owner's full rights) and, for an organization key, the one
 * organization it acts in.
 */
export interface KeyGrant {
  readonly keyId: string;
  readonly scopes: Statements | null;
  /** An organization key's organization; null for a personal key. */
  readonly organizationId: string | null;
}

/**
 * The grant of the user a key session acts as. The key session's user object belongs to that key
 * alone: decoded from the key's own row and shared only by that key's requests while the row is
 * unchanged (`features/api-key/decoded-keys.ts`), or made for the one request (an organization key's
 * creator). So tying the grant to the object ties it to the key, and the permission checks, which
 * are handed the user, find it without every organization and admin route passing the session on.
 */
const grants = new WeakMap<User, KeyGrant>();

export function bindKeyGrant(user: User, grant: KeyGrant): void {
  grants.set(user, grant);
}

export const keyGrantOf = (user: User): KeyGrant | undefined => grants.get(user);

/**
 * Whether the key's scopes cover the request: effective rights are the owner's rights ∩ the scopes,
 * so this is checked besides the owner's roles, never instead. No grant or null scopes: nothing more
 * to check.
 */
export function withinKeyScopes(user: User, request: PermissionRequest): boolean {
  const scopes = keyGrantOf(user)?.scopes;
  return !scopes || evaluateRole(scopes, request).allowed;
}
