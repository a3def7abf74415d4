import type { AuthContext } from '../../context.ts';
import { checkFormOrigin, checkRequestOrigin } from '../origin-check.ts';
import type { RequestContext } from '../request-context.ts';
import type { CallerResolver } from './caller-resolver.ts';
import type { CookiePrincipal } from './principal.ts';

const COOKIE: CookiePrincipal = Object.freeze({ kind: 'cookie' });

/**
 * A browser's session cookie. A browser sends it with cross-site requests too, so a request
 * carrying it passes the origin checks (docs/protocol/core.md#origin-and-csrf-checks), and form
 * routes the login-CSRF check (docs/protocol/core.md#sign-in-form-csrf).
 */
export const cookieSession: CallerResolver = {
  identify(auth: AuthContext, request: RequestContext) {
    // The parsed cookies, which the session lookup reuses: reading the header again would cost a second lookup.
    return request.cookies.has(auth.cookies.token) ? COOKIE : null;
  },
  checkOrigin: checkRequestOrigin,
  checkFormOrigin,
};
