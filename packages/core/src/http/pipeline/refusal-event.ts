import type { AuthContext } from '../../context.ts';
import type { AuthError } from '../../errors.ts';
import type { AnyEndpoint } from '../endpoint.ts';
import type { RequestContext } from '../request-context.ts';

/**
 * A refusal the route declares as a security event (`auditRefusal`): its type and metadata with
 * the facts the handler added (`request.outcome`), the wire code, and the account it was about:
 * the one the handler named, else the signed-in user.
 */
export async function recordRefusal(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: RequestContext,
  error: AuthError,
): Promise<void> {
  const refusal = endpoint.auditRefusal;
  if (!refusal || error.code === 'VALIDATION_ERROR') return;
  if (refusal.codes && !refusal.codes.includes(error.code)) return;
  // Only a session the request already looked up: recording never adds a session read.
  const user = request.session ? (await request.session.catch(() => null))?.user : undefined;
  const { outcome } = request;
  await auth.audit.record(request, {
    type: refusal.type,
    metadata: outcome.metadataWith(refusal.metadata),
    target: outcome.subject ?? (user ? { type: 'user', id: user.id } : undefined),
    outcome: 'failure',
    errorCode: error.code,
  });
}
