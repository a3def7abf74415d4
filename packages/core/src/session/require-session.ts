import type { AuthContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import type { SessionRequirement } from '../http/endpoint.ts';
import type { RequestContext } from '../http/request-context.ts';
import { isResolvedFresh, type ResolvedSession, resolveSession } from './resolve-session.ts';

/**
 * Enforces an endpoint's session requirement and returns the session (null only for
 * `optional`). The lookup runs once per request; later calls reuse it.
 */
export async function requireSession(
  auth: AuthContext,
  request: RequestContext,
  level: Exclude<SessionRequirement, 'none'>,
): Promise<ResolvedSession | null> {
  request.session ??= resolveSession(auth, request, { disableCookieCache: level === 'sensitive' });
  const resolved = await request.session;
  if (level === 'optional') return resolved;
  if (!resolved) throw new AuthError('UNAUTHORIZED');
  if (level === 'fresh' && !isResolvedFresh(auth, resolved)) throw new AuthError('SESSION_NOT_FRESH');
  return resolved;
}
