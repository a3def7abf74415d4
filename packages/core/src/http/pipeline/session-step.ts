import type { AuthContext } from '../../context.ts';
import { AuthError } from '../../errors.ts';
import { requireSession } from '../../session/require-session.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import type { ApiKeyPrincipal } from '../caller/principal.ts';
import type { AnyEndpoint, SessionRequirement } from '../endpoint.ts';
import type { RequestContext } from '../request-context.ts';

/**
 * Step 6's last gate: a caller of a kind the route does not serve (`accepts`) is refused as a
 * caller without a session is, 401 UNAUTHORIZED; then the session the route requires
 * (docs/protocol/core.md#session-requirement-levels), looked up once. No promise for a route that
 * requires none: its handler reads the session itself if it wants one. An API key is validated
 * first, on every route (`keyCaller`).
 */
export function requireCaller(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: RequestContext,
): Promise<ResolvedSession | null | undefined> | undefined {
  if (request.principal.kind === 'apiKey') return keyCaller(auth, endpoint, request, request.principal);
  if (endpoint.accepts && !endpoint.accepts.includes(request.principal.kind))
    throw new AuthError('UNAUTHORIZED');
  return endpoint.requires === 'none'
    ? undefined
    : requireSession(auth, request, endpoint.requires as Exclude<SessionRequirement, 'none'>);
}

/**
 * A key is validated, and its use counted, whatever the route, public ones included: a bad key
 * is refused rather than ignored (docs/protocol/api-key.md#when-it-applies). The session it makes is
 * set only once it is settled, so nothing that waits for the request's session (the audit
 * recorder) waits for the validation that is still writing it.
 */
async function keyCaller(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: RequestContext,
  principal: ApiKeyPrincipal,
): Promise<ResolvedSession | null | undefined> {
  const service = auth.ports.apiKeys;
  // The resolver names no key while the feature is off.
  if (!service) throw new AuthError('UNAUTHORIZED');
  const resolved = await service.sessionOf(auth, request, principal.key);
  request.session = Promise.resolve(resolved);
  if (endpoint.accepts && !endpoint.accepts.includes('apiKey')) throw new AuthError('UNAUTHORIZED');
  if (endpoint.requires === 'none') return undefined;
  return requireSession(auth, request, endpoint.requires as Exclude<SessionRequirement, 'none'>);
}
