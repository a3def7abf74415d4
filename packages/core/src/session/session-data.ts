import type { AuthContext } from '../context.ts';
import type { RequestContext } from '../http/request-context.ts';
import { type User, userToJson } from '../user/user.ts';
import { encodeCookieCache } from './cookie-cache.ts';
import { type Session, sessionToJson } from './session.ts';
import { clearCookie, hasDontRemember, setCookie, setTokenCookies } from './session-cookies.ts';

/** Remember-me off: the cache is rewritten at least every minute (contract §4.4). */
const DONT_REMEMBER_CACHE_SECONDS = 60;

/**
 * Writes the cookie cache for a session, or clears a stale one when the data no longer fits in
 * one cookie (spec section 5: never more than 4093 characters; the session is then read from storage).
 */
export function writeCookieCache(
  auth: AuthContext,
  request: RequestContext,
  session: Session,
  user: User,
  dontRemember: boolean,
): void {
  const { enabled, maxAge } = auth.options.session.cookieCache;
  if (!enabled) return;
  const now = auth.options.now();
  const lifetime = dontRemember ? Math.min(maxAge, DONT_REMEMBER_CACHE_SECONDS) : maxAge;
  const value = encodeCookieCache(
    auth.options.secret,
    sessionToJson(session),
    userToJson(user, auth.options.additionalFields),
    now,
    now + lifetime * 1000,
  );
  const names = auth.cookies;
  if (value === null) {
    if (request.cookies.has(names.data)) clearCookie(request, names, names.data);
    return;
  }
  setCookie(request, names, names.data, value, dontRemember ? undefined : maxAge);
}

/** Issues the token cookie and the cache together, as every sign-in and re-issue does. */
export function setSessionCookies(
  auth: AuthContext,
  request: RequestContext,
  session: Session,
  user: User,
  dontRemember: boolean,
): void {
  setTokenCookies(auth.options, auth.cookies, request, session.token, dontRemember);
  writeCookieCache(auth, request, session, user, dontRemember);
}

/** Re-sets the current session's cookies after its user changed, keeping the remember-me choice. */
export function reissueSessionCookies(
  auth: AuthContext,
  request: RequestContext,
  session: Session,
  user: User,
): void {
  setSessionCookies(
    auth,
    request,
    session,
    user,
    hasDontRemember(auth.options.secret, auth.cookies, request),
  );
}
