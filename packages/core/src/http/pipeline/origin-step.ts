import type { AuthContext } from '../../context.ts';
import type { CallerResolver } from '../caller/caller-resolver.ts';
import type { AnyEndpoint } from '../endpoint.ts';
import { checkRedirectFields } from '../origin-check.ts';
import type { RequestContext } from '../request-context.ts';

/**
 * Step 4, on state-changing requests (docs/protocol/core.md#origin-and-csrf-checks): the origin
 * check the caller's credential needs (`CallerResolver.checkOrigin`), then the redirect targets the
 * body or query names, which every caller's must pass.
 */
export function checkOrigins(
  auth: AuthContext,
  caller: CallerResolver,
  request: RequestContext,
  body: unknown,
  query: URLSearchParams,
): void {
  caller.checkOrigin(auth, request);
  checkRedirectFields(auth, body, query);
}

/**
 * The first of step 6's gates, after validation: a route taking HTML forms (sign-in, sign-up)
 * applies the caller's login-CSRF check (docs/protocol/core.md#sign-in-form-csrf).
 */
export function checkFormPost(
  auth: AuthContext,
  caller: CallerResolver,
  endpoint: AnyEndpoint,
  request: RequestContext,
): void {
  if (endpoint.acceptsForm) caller.checkFormOrigin(auth, request);
}
