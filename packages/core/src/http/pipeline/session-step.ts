import { keyGrantOf } from '../../access/key-grant.ts';
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
  input: RouteInput = NO_INPUT,
): Promise<ResolvedSession | null | undefined> | undefined {
  if (request.principal.kind === 'apiKey')
    return keyCaller(auth, endpoint, request, request.principal, input);
  if (endpoint.accepts && !endpoint.accepts.includes(request.principal.kind))
    throw new AuthError('UNAUTHORIZED');
  return endpoint.requires === 'none'
    ? undefined
    : requireSession(auth, request, endpoint.requires as Exclude<SessionRequirement, 'none'>);
}

/**
 * A key is validated, and its use counted (not on an `uncountedKey` route), whatever the route,
 * public ones included: a bad key is refused rather than ignored
 * (docs/protocol/api-key.md#when-it-applies). The session it makes is
 * set only once it is settled, so nothing that waits for the request's session (the audit
 * recorder) waits for the validation that is still writing it.
 */
async function keyCaller(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: RequestContext,
  principal: ApiKeyPrincipal,
  input: RouteInput,
): Promise<ResolvedSession | null | undefined> {
  const service = auth.ports.apiKeys;
  // The resolver names no key while the feature is off.
  if (!service) throw new AuthError('UNAUTHORIZED');
  const resolved = await service.sessionOf(auth, request, principal.key, { count: !endpoint.uncountedKey });
  request.session = Promise.resolve(resolved);
  if (endpoint.accepts && !endpoint.accepts.includes('apiKey')) throw new AuthError('UNAUTHORIZED');
  refuseRestrictedKey(endpoint, resolved, input);
  if (endpoint.requires === 'none') return undefined;
  return requireSession(auth, request, endpoint.requires as Exclude<SessionRequirement, 'none'>);
}

/** The validated body and query, for the organization an organization key's request names. */
export interface RouteInput {
  body: unknown;
  query: unknown;
}

const NO_INPUT: RouteInput = { body: undefined, query: undefined };

/**
 * docs/protocol/api-key.md#decisions-for-gatehouse: a scoped key only where the route declares it
 * (K9), an organization key's session only on organization routes and only for its own organization
 * (K10). The organization checks repeat this for what a route finds by other ids (a team, an
 * invitation): `features/organization/policy/organization-caller.ts`.
 */
function refuseRestrictedKey(endpoint: AnyEndpoint, resolved: ResolvedSession, input: RouteInput): void {
  const grant = keyGrantOf(resolved.user);
  if (!grant) return;
  const serves = endpoint.keySessions ?? [];
  if (grant.organizationId !== null) {
    if (!serves.includes('organization')) throw new AuthError('API_KEY_ORGANIZATION_ONLY');
    for (const named of [organizationNamedIn(input.body), organizationNamedIn(input.query)])
      if (named !== undefined && named !== grant.organizationId)
        throw new AuthError('API_KEY_OTHER_ORGANIZATION');
  }
  if (grant.scopes !== null && !serves.includes('scoped')) throw new AuthError('API_KEY_SCOPE_DENIED');
}

const organizationNamedIn = (value: unknown): unknown =>
  typeof value === 'object' && value !== null && 'organizationId' in value
    ? ((value as { organizationId: unknown }).organizationId ?? undefined)
    : undefined;
