import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../request-context.ts';
import type { Principal } from './principal.ts';

/**
 * One way a request can say who is calling. Resolvers are asked in order (`resolvers.ts`); the
 * first that recognises the request's credential names the principal, and its rules decide which
 * cross-site forgery checks the request passes: a credential a browser attaches on its own
 * (cookies) needs them, one the calling code must add itself (a header) does not. The redirect
 * checks are not the resolver's to waive: they guard every caller (`origin-check.ts`).
 */
export interface CallerResolver {
  /**
   * The principal the request presents, or null when it carries no credential of this kind. A
   * resolver may prepare the session lookup (the bearer token becomes the session cookie) but
   * never reads the session itself.
   */
  identify(auth: AuthContext, request: RequestContext): Principal | null;
  /** Pipeline step 4, on state-changing requests: refuses a forgery this credential could ride on. */
  checkOrigin(auth: AuthContext, request: RequestContext): void;
  /** Pipeline step 6, on routes taking HTML forms (sign-in, sign-up): the login-CSRF check. */
  checkFormOrigin(auth: AuthContext, request: RequestContext): void;
}
