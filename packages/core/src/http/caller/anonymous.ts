import type { CallerResolver } from './caller-resolver.ts';
import { cookieSession } from './cookie-session.ts';
import { ANONYMOUS } from './principal.ts';

/**
 * The last resolver: a request with no credential. It is still treated as a browser's: other
 * cookies it carries (the cookie cache) are checked as the session cookie would be, and a
 * cookie-less browser posting a sign-in form is the login-CSRF case the form check exists for.
 */
export const anonymous: CallerResolver = {
  identify: () => ANONYMOUS,
  checkOrigin: cookieSession.checkOrigin,
  checkFormOrigin: cookieSession.checkFormOrigin,
};
