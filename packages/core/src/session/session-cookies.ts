import type { AuthContext } from '../context.ts';
import { type CookieAttributes, serializeCookie } from '../http/cookies.ts';
import type { RequestContext } from '../http/request-context.ts';
import { decodeSignedValue, encodeSignedValue } from '../http/signed-cookie.ts';
import type { ResolvedOptions } from '../options.ts';
import { type User, userToJson } from '../user/user.ts';
import { encodeCookieCache } from './cookie-cache.ts';
import { type Session, sessionToJson } from './session.ts';

// Every helper takes (auth, request, …): the engine's names and secret, then the request whose
// response carries the Set-Cookie headers.

/**
 * Names and attributes of the session cookies, fixed at start-up
 * (docs/protocol/core.md#cookie-names-and-attributes).
 */
export interface SessionCookies {
  token: string;
  data: string;
  dontRemember: string;
  /** An admin's own session, kept aside while they impersonate someone. */
  adminSession: string;
  attributes: CookieAttributes;
}

export function sessionCookies(options: ResolvedOptions): SessionCookies {
  // `__Secure-` makes browsers refuse the cookie unless it arrives over https with Secure set.
  const prefix = `${options.secureCookies ? '__Secure-' : ''}${options.cookiePrefix}`;
  return {
    token: `${prefix}.session_token`,
    data: `${prefix}.session_data`,
    dontRemember: `${prefix}.dont_remember`,
    adminSession: `${prefix}.admin_session`,
    // With a cookie domain every auth cookie, set or cleared, carries the same Domain (a clear
    // without it would not reach the shared cookie). SameSite stays Lax: sibling subdomains are
    // the same site, and `__Secure-` allows a Domain (only `__Host-` forbids one).
    attributes: {
      domain: options.cookieDomain,
      path: '/',
      httpOnly: true,
      secure: options.secureCookies,
      sameSite: 'Lax',
    },
  };
}

/** Remember-me off: the cache is rewritten at least every minute (docs/protocol/core.md#cookie-cache). */
const DONT_REMEMBER_CACHE_SECONDS = 60;

function setCookie(auth: AuthContext, request: RequestContext, name: string, value: string, maxAge?: number) {
  request.setCookie(name, serializeCookie(name, value, { ...auth.cookies.attributes, maxAge }));
}

/** Sets a cookie whose value is signed with the secret; without maxAge it ends with the browser session. */
export function setSignedCookie(
  auth: AuthContext,
  request: RequestContext,
  name: string,
  value: string,
  maxAge?: number,
): void {
  setCookie(auth, request, name, encodeSignedValue(auth.options.secret, value), maxAge);
}

/** A signed cookie's value; null when it is absent, malformed or not signed by us. */
export function readSignedCookie(auth: AuthContext, request: RequestContext, name: string): string | null {
  return decodeSignedValue(auth.options.secret, request.cookies.get(name));
}

export function clearCookie(auth: AuthContext, request: RequestContext, name: string): void {
  request.setCookie(name, serializeCookie(name, '', { ...auth.cookies.attributes, maxAge: 0 }));
}

/** True when the signed remember-me opt-out cookie is present and valid. */
export function hasDontRemember(auth: AuthContext, request: RequestContext): boolean {
  return readSignedCookie(auth, request, auth.cookies.dontRemember) === 'true';
}

/** Writes the signed session token; a browser-session cookie (no Max-Age) when remember-me is off. */
function setTokenCookies(auth: AuthContext, request: RequestContext, token: string, dontRemember: boolean) {
  const names = auth.cookies;
  setSignedCookie(
    auth,
    request,
    names.token,
    token,
    dontRemember ? undefined : auth.options.session.expiresIn,
  );
  setRememberChoice(auth, request, dontRemember);
}

/** Sets the remember-me opt-out cookie, or clears one the browser holds when remember-me is on. */
export function setRememberChoice(auth: AuthContext, request: RequestContext, dontRemember: boolean): void {
  const name = auth.cookies.dontRemember;
  if (dontRemember) setSignedCookie(auth, request, name, 'true');
  else if (request.cookies.has(name)) clearCookie(auth, request, name);
}

/**
 * Writes the cookie cache for a session, or clears a stale one when the data no longer fits in
 * one cookie (docs/protocol/core.md#cookie-cache: never more than 4093 characters; the session is then read
 * from storage).
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
  const name = auth.cookies.data;
  if (value === null) {
    if (request.cookies.has(name)) clearCookie(auth, request, name);
    return;
  }
  setCookie(auth, request, name, value, dontRemember ? undefined : maxAge);
}

/** Issues the token cookie and the cache together, as every sign-in and re-issue does. */
export function setSessionCookies(
  auth: AuthContext,
  request: RequestContext,
  session: Session,
  user: User,
  dontRemember: boolean,
): void {
  setTokenCookies(auth, request, session.token, dontRemember);
  writeCookieCache(auth, request, session, user, dontRemember);
}

/**
 * Re-sets the current session's cookies after its user changed, keeping the remember-me choice.
 * An `x-api-key` request's session lives in no cookie, and gets none
 * (docs/protocol/api-key.md#the-key-session).
 */
export function reissueSessionCookies(
  auth: AuthContext,
  request: RequestContext,
  session: Session,
  user: User,
): void {
  if (request.principal.kind === 'apiKey') return;
  setSessionCookies(auth, request, session, user, hasDontRemember(auth, request));
}

/** Clears every session cookie, in the protocol's order (docs/protocol/core.md#clearing-cookies). */
export function clearSessionCookies(auth: AuthContext, request: RequestContext): void {
  const names = auth.cookies;
  clearCookie(auth, request, names.token);
  clearCookie(auth, request, names.data);
  for (const name of request.cookies.keys()) {
    if (name.startsWith(`${names.data}.`)) clearCookie(auth, request, name);
  }
  clearCookie(auth, request, names.dontRemember);
}
