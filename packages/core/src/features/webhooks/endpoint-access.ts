import type { AuthContext } from '../../context.ts';
import { AuthError, type ErrorCode } from '../../errors.ts';
import type { User } from '../../user/user.ts';
import { type EndpointRow, findEndpoint } from './webhook.repository.ts';

export type WebhookAction = 'create' | 'read' | 'update' | 'delete';

/**
 * The refusals of the permission check, for the routes' `errors`: the organization feature's codes
 * only while it is on (its membership check answers them).
 */
export const accessRefusals = (organizations: boolean): (ErrorCode | [ErrorCode, number])[] =>
  organizations
    ? [
        'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS',
        ['USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 403],
        'TWO_FACTOR_REQUIRED_BY_ORGANIZATION',
        'INVALID_ROLE_PERMISSIONS',
      ]
    : ['YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS'];

/**
 * A server admin as the audit feature's `/admin/events` decides it (`ports.adminEvents`, the admin
 * feature's check: admin ids, ADMIN_EMAILS, admin roles); with the admin feature off, nobody.
 */
export const isServerAdmin = (auth: AuthContext, user: User): boolean =>
  auth.ports.adminEvents?.(auth, user) === true;

/**
 * The caller may do this to the scope's endpoints (docs/protocol/webhooks.md#3-who-may-do-what):
 * server-wide needs a server admin; an organization's needs a member (else 403
 * USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, also for no such organization) whose roles grant
 * `webhook:<action>`, checked by the organization feature as its own routes check.
 */
export async function requireWebhookAccess(
  auth: AuthContext,
  user: User,
  organizationId: string | null,
  action: WebhookAction,
): Promise<void> {
  if (organizationId === null) {
    if (!isServerAdmin(auth, user)) throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS');
    return;
  }
  const membership = auth.ports.membership;
  // Organizations off: no organization's endpoints can be managed, and the organization feature's
  // codes are not this engine's to answer (README, W4).
  if (!membership) throw new AuthError('YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS');
  const verdict = await membership.mayAct(auth, user, {
    organizationId,
    permission: { webhook: [action] },
    denied: 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS',
  });
  if (verdict.allowed) return;
  if (verdict.code === 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION')
    throw new AuthError('USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', { status: 403 });
  throw new AuthError(verdict.code);
}

/**
 * The endpoint a route names, when the caller may see it: an unknown id, a server-wide endpoint
 * for a non-admin and an organization's endpoint for a non-member all answer 404
 * WEBHOOK_ENDPOINT_NOT_FOUND, so ids reveal nothing; a member whose roles lack the action gets 403.
 */
export async function endpointFor(
  auth: AuthContext,
  user: User,
  endpointId: string,
  action: WebhookAction,
): Promise<EndpointRow> {
  const row = await findEndpoint(auth.db, endpointId);
  if (!row) throw new AuthError('WEBHOOK_ENDPOINT_NOT_FOUND');
  if (row.organizationId === null) {
    if (!isServerAdmin(auth, user)) throw new AuthError('WEBHOOK_ENDPOINT_NOT_FOUND');
    return row;
  }
  const member = await auth.ports.membership?.memberOf(auth, user.id, row.organizationId);
  if (!member) throw new AuthError('WEBHOOK_ENDPOINT_NOT_FOUND');
  await requireWebhookAccess(auth, user, row.organizationId, action);
  return row;
}

/** The same refusals as the endpoint's, in the delivery's own code for the 404. */
export async function endpointOfDelivery(
  auth: AuthContext,
  user: User,
  endpointId: string,
  action: WebhookAction,
): Promise<EndpointRow> {
  try {
    return await endpointFor(auth, user, endpointId, action);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'WEBHOOK_ENDPOINT_NOT_FOUND')
      throw new AuthError('WEBHOOK_DELIVERY_NOT_FOUND');
    throw error;
  }
}
