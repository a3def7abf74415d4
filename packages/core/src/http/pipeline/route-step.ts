import type { Answer } from '../answer.ts';
import type { Incoming } from '../incoming.ts';
import { notFoundResponse, wrongMethodResponse } from '../respond.ts';
import type { RouteMatch, Router } from '../router.ts';

/**
 * Step 2: the route for a path under the base path (`path` is what follows it). A path with an
 * empty segment (`//`) is never a route, whatever the router would make of it.
 */
export function matchRoute(router: Router, incoming: Incoming, path: string): RouteMatch | null {
  return incoming.pathname.includes('//') ? null : router.find(incoming.method, path);
}

/** A server-only route (organization add-member) exists for `auth.api` alone: over HTTP it is unknown. */
export function isVisible(match: RouteMatch, incoming: Incoming): boolean {
  return match.endpoint.serverOnly !== true || incoming.serverCall;
}

/**
 * The answer when no route is visible: Better Auth's 404, never a 405, with `Allow` naming the
 * methods the path does have routes for (docs/api.md#bad-input).
 */
export function noRouteAnswer(router: Router, incoming: Incoming, path: string): Answer {
  const allowed = incoming.pathname.includes('//') ? [] : router.methodsOf(path);
  return allowed.length > 0 ? wrongMethodResponse(allowed) : notFoundResponse();
}
