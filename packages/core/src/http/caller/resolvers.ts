import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../request-context.ts';
import { anonymous } from './anonymous.ts';
import { bearerSession } from './bearer-session.ts';
import type { CallerResolver } from './caller-resolver.ts';
import { cookieSession } from './cookie-session.ts';
import { ANONYMOUS } from './principal.ts';

/**
 * The resolvers, most specific first: a bearer token wins over the cookies that came with it (it
 * replaces the session cookie), and `anonymous`, which always applies, comes last.
 */
export const CALLER_RESOLVERS: readonly CallerResolver[] = [bearerSession, cookieSession, anonymous];

/**
 * Pipeline step "who is calling": sets `request.principal` and returns the resolver that named it,
 * whose origin rules the later steps apply. Reads headers and cookies only, never the session.
 */
export function identifyCaller(
  auth: AuthContext,
  request: RequestContext,
  resolvers: readonly CallerResolver[] = CALLER_RESOLVERS,
): CallerResolver {
  // An index loop: no iterator per request on the hot path.
  for (let i = 0; i < resolvers.length; i++) {
    const resolver = resolvers[i] as CallerResolver;
    const principal = resolver.identify(auth, request);
    if (principal !== null) {
      request.principal = principal;
      return resolver;
    }
  }
  request.principal = ANONYMOUS;
  return anonymous;
}
