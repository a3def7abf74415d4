import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../request-context.ts';
import { anonymous } from './anonymous.ts';
import { apiKeyCaller } from './api-key.ts';
import { bearerSession } from './bearer-session.ts';
import type { CallerResolver } from './caller-resolver.ts';
import { cookieSession } from './cookie-session.ts';
import { ANONYMOUS } from './principal.ts';

/**
 * The resolvers, most specific first: an API key wins over every other credential that came with
 * it (docs/protocol/api-key.md#the-key-session), a bearer token over the cookies (it replaces the
 * session cookie), and `anonymous`, which always applies, comes last.
 */
export const CALLER_RESOLVERS: readonly CallerResolver[] = [
  apiKeyCaller,
  bearerSession,
  cookieSession,
  anonymous,
];

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
