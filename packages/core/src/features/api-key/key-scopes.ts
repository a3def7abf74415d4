import type { PermissionRequest, Statements } from '../../access/access-control.ts';
import { ownEntry } from '../../access/access-control.ts';
import { adminStatements } from '../../access/admin-roles.ts';
import { organizationStatements } from '../../access/organization-roles.ts';
import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import type { User } from '../../user/user.ts';

/**
 * What a key's scopes may name: the organization statements and the admin ones (K9). `apiKey` is a
 * resource of both (K1, K12): its actions are the union.
 */
const VOCABULARY: Statements = Object.fromEntries(
  [...new Set([...Object.keys(organizationStatements), ...Object.keys(adminStatements)])].map((resource) => [
    resource,
    [
      ...new Set([
        ...(ownEntry<readonly string[]>(organizationStatements, resource) ?? []),
        ...(ownEntry<readonly string[]>(adminStatements, resource) ?? []),
      ]),
    ],
  ]),
);

/**
 * The part of a personal key's scopes only admin rights grant: the admin actions no organization
 * role names (an `apiKey: read` scope may serve the owner's organization key reads).
 */
function adminOnly(asked: [string, readonly string[]][]): PermissionRequest {
  const admin: PermissionRequest = {};
  for (const [resource, actions] of asked) {
    const adminActions = ownEntry<readonly string[]>(adminStatements, resource) ?? [];
    const organizationActions = ownEntry<readonly string[]>(organizationStatements, resource) ?? [];
    const only = actions.filter(
      (action) => adminActions.includes(action) && !organizationActions.includes(action),
    );
    if (only.length > 0) admin[resource] = only;
  }
  return admin;
}

/**
 * docs/protocol/api-key.md#decisions-for-gatehouse, K9: the scopes a client sets on create or update.
 * Only known resources and actions (else 400 UNKNOWN_API_KEY_PERMISSION); an organization key's scopes
 * all granted by the setting member's roles there, a personal key's admin scopes by the owner's admin
 * rights (else 403 API_KEY_PERMISSION_EXCEEDS_ROLE). Scopes never add rights: at use they are
 * intersected with the owner's current ones; this only refuses a key that promises what it cannot do.
 */
export async function checkScopes(
  auth: AuthContext,
  user: User,
  scopes: Statements,
  organizationId: string | null,
): Promise<void> {
  for (const [resource, actions] of Object.entries(scopes)) {
    const known = ownEntry(VOCABULARY, resource);
    if (!known || actions.some((action) => !known.includes(action)))
      throw new AuthError('UNKNOWN_API_KEY_PERMISSION');
  }
  const asked = Object.entries(scopes).filter(([, actions]) => actions.length > 0);
  if (organizationId !== null) return checkWithinRole(auth, user, organizationId, Object.fromEntries(asked));
  const admin = adminOnly(asked);
  if (Object.keys(admin).length === 0) return;
  const adminRights = auth.ports.adminRights;
  if (!adminRights?.(auth, user, admin)) throw new AuthError('API_KEY_PERMISSION_EXCEEDS_ROLE');
}

async function checkWithinRole(
  auth: AuthContext,
  user: User,
  organizationId: string,
  asked: PermissionRequest,
): Promise<void> {
  if (Object.keys(asked).length === 0) return;
  const membership = auth.ports.membership;
  if (!membership) throw new AuthError('API_KEY_PERMISSION_EXCEEDS_ROLE');
  const verdict = await membership.mayAct(auth, user, {
    organizationId,
    permission: asked,
    denied: 'API_KEY_PERMISSION_EXCEEDS_ROLE',
  });
  if (!verdict.allowed) throw new AuthError('API_KEY_PERMISSION_EXCEEDS_ROLE');
}

/** The stored scopes of a row: null for a key with the owner's full rights (K9). */
export function scopesOf(stored: string | null): Statements | null {
  if (stored === null) return null;
  const parsed: unknown = JSON.parse(stored);
  if (parsed === null) return null;
  // A row written elsewhere (Better Auth) with scopes of another shape grants nothing rather than all.
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const scopes: Record<string, string[]> = {};
  for (const [resource, actions] of Object.entries(parsed))
    scopes[resource] = Array.isArray(actions)
      ? actions.filter((a): a is string => typeof a === 'string')
      : [];
  return scopes;
}
