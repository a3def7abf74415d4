import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { requireSession } from '../../session/require-session.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import type { AnyEndpoint, SessionRequirement } from '../endpoint.ts';
import type { RequestContext } from '../request-context.ts';

/**
 * Step 6's last gate: a caller of a kind the route does not serve (`accepts`) is refused as a
 * caller without a session is, 401 UNAUTHORIZED; then the session the route requires
 * (docs/protocol/core.md#session-requirement-levels), looked up once. No promise for a route that
 * requires none: its handler reads the session itself if it wants one.
 */
export function requireCaller(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: RequestContext,
): Promise<ResolvedSession | null> | undefined {
  if (endpoint.accepts && !endpoint.accepts.includes(request.principal.kind))
    throw new AuthError('UNAUTHORIZED');
  return endpoint.requires === 'none'
    ? undefined
    : requireSession(auth, request, endpoint.requires as Exclude<SessionRequirement, 'none'>);
}
