import { type CookieAttributes, serializeCookie } from '../http/cookies.ts';
import type { RequestContext } from '../http/request-context.ts';
import { decodeSignedValue, encodeSignedValue } from '../http/signed-cookie.ts';
import type { ResolvedOptions } from '../options.ts';

/** Names and attributes of the session cookies, fixed at start-up (spec section 9, contract §4). */
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
    attributes: { path: '/', httpOnly: true, secure: options.secureCookies, sameSite: 'Lax' },
  };
}

/** True when the signed remember-me opt-out cookie is present and valid. */
export function hasDontRemember(secret: string, names: SessionCookies, request: RequestContext): boolean {
  return decodeSignedValue(secret, request.cookies.get(names.dontRemember)) === 'true';
}

export function setCookie(
  request: RequestContext,
  names: SessionCookies,
  name: string,
  value: string,
  maxAge?: number,
): void {
  request.setCookie(name, serializeCookie(name, value, { ...names.attributes, maxAge }));
}

export function clearCookie(request: RequestContext, names: SessionCookies, name: string): void {
  request.setCookie(name, serializeCookie(name, '', { ...names.attributes, maxAge: 0 }));
}

/** Writes the signed session token; a browser-session cookie (no Max-Age) when remember-me is off. */
export function setTokenCookies(
  options: ResolvedOptions,
  names: SessionCookies,
  request: RequestContext,
  token: string,
  dontRemember: boolean,
): void {
  const maxAge = dontRemember ? undefined : options.session.expiresIn;
  setCookie(request, names, names.token, encodeSignedValue(options.secret, token), maxAge);
  if (dontRemember) setCookie(request, names, names.dontRemember, encodeSignedValue(options.secret, 'true'));
  else if (request.cookies.has(names.dontRemember)) clearCookie(request, names, names.dontRemember);
}

/** Clears every session cookie, in the contract's order (§4.3). */
export function clearSessionCookies(names: SessionCookies, request: RequestContext): void {
  clearCookie(request, names, names.token);
  clearCookie(request, names, names.data);
  for (const name of request.cookies.keys()) {
    if (name.startsWith(`${names.data}.`)) clearCookie(request, names, name);
  }
  clearCookie(request, names, names.dontRemember);
}
