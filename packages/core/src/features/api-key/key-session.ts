import { bindKeyGrant, keyGrantOf } from '../../access/key-grant.ts';
import type { AuthContext } from '../../context.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import type { User } from '../../user/user.ts';
import type { ApiKeyRow } from './api-key-row.ts';
import { scopesOf } from './key-scopes.ts';

/**
 * The session a personal key stands for (docs/protocol/api-key.md#the-key-session): made up for the
 * request, never stored, no cookie. Its `token` is the key's id, as its `id` is, never the key
 * (K4); it is as old as the request, but never fresh (the session requirement refuses it, K3).
 * Without a key expiry it ends with the session lifetime, in seconds, as meant. An organization key's
 * session is its creator's, with the key's organization active (K10); the key's grant (scopes,
 * organization) is bound to the user it acts as, for every permission check (K9).
 */
export function keySession(
  auth: AuthContext,
  request: RequestContext,
  row: ApiKeyRow,
  owner: User,
  ownerJson: string | undefined,
): ResolvedSession {
  const now = new Date(auth.options.now());
  const expiresAt = row.expiresAt ?? new Date(now.getTime() + auth.options.session.expiresIn * 1000);
  const organizationId = row.configId === 'organization' ? row.referenceId : null;
  // A personal key's owner object is remembered with its row (`decoded-keys.ts`), so it may carry
  // this very key's grant already; the scopes then need no parsing again.
  if (keyGrantOf(owner)?.keyId !== row.id)
    bindKeyGrant(owner, { keyId: row.id, scopes: scopesOf(row.permissions), organizationId });
  return {
    session: {
      id: row.id,
      token: row.id,
      userId: owner.id,
      expiresAt,
      createdAt: now,
      updatedAt: now,
      ipAddress: clientIp(auth, request),
      userAgent: request.header('user-agent'),
      impersonatedBy: null,
      authenticatedAt: null,
      ...(organizationId === null ? {} : { activeOrganizationId: organizationId }),
    },
    user: owner,
    userJson: ownerJson,
  };
}
