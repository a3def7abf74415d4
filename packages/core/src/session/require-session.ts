import type { AuthContext } from '../context.ts';
import { AuthError } from '../errors.ts';
import type { SessionFor, SessionRequirement } from '../http/endpoint.ts';
import type { RequestContext } from '../http/request-context.ts';
import { isRecentlyAuthenticated } from './recent-authentication.ts';
import { isResolvedFresh, type ResolvedSession, resolveSession } from './resolve-session.ts';

/**
 * Enforces a session requirement and returns the session it guarantees (null only for
 * `optional`). The lookup runs once per request; later calls reuse it. Endpoints get this from
 * their `requires`; the few that must answer something else first call it themselves.
 */
export async function requireSession<Level extends Exclude<SessionRequirement, 'none'>>(
  auth: AuthContext,
  request: RequestContext,
  level: Level,
): Promise<SessionFor<Level>> {
  // A key session is never fresh, recent or the stored session a sensitive route re-reads: those
  // routes refuse it (docs/protocol/api-key.md#decisions-for-gatehouse, K3).
  if (request.principal.kind === 'apiKey' && level !== 'optional' && level !== 'session')
    throw new AuthError('UNAUTHORIZED');
  // `recent` needs `authenticatedAt`, which only the database row holds (never the cookie cache).
  const fromDatabase = level === 'sensitive' || level === 'recent';
  request.session ??= resolveSession(auth, request, { disableCookieCache: fromDatabase });
  const resolved: ResolvedSession | null = await request.session;
  if (level === 'optional') return resolved as SessionFor<Level>;
  if (!resolved) throw new AuthError('UNAUTHORIZED');
  if (level === 'fresh' && !isResolvedFresh(auth, resolved)) throw new AuthError('SESSION_NOT_FRESH');
  // The same refusal as freshness, so Better Auth's client and the web app's "Confirm it's you"
  // dialog handle it unchanged.
  if (level === 'recent' && !isRecentlyAuthenticated(auth, resolved.session))
    throw new AuthError('SESSION_NOT_FRESH');
  return resolved as SessionFor<Level>;
}
