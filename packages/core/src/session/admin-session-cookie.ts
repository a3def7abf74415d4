import type { AuthContext } from '../context.ts';
import type { RequestContext } from '../http/request-context.ts';
import { readSignedCookie, setSignedCookie } from './session-cookies.ts';

/** The admin's own session, kept aside while they impersonate someone, and their remember-me choice. */
export interface KeptAdminSession {
  token: string;
  dontRemember: boolean;
}

/** Keeps the admin's session in the signed `admin_session` cookie, as `<token>:<dont_remember value>`. */
export function keepAdminSession(
  auth: AuthContext,
  request: RequestContext,
  token: string,
  dontRemember: string,
): void {
  const maxAge = auth.options.session.expiresIn;
  setSignedCookie(auth, request, auth.cookies.adminSession, `${token}:${dontRemember}`, maxAge);
}

/** The session the `admin_session` cookie keeps, or null when it is absent or not signed by us. */
export function keptAdminSession(auth: AuthContext, request: RequestContext): KeptAdminSession | null {
  const kept = readSignedCookie(auth, request, auth.cookies.adminSession);
  const [token = '', remembered = ''] = (kept ?? '').split(':');
  return token ? { token, dontRemember: remembered === 'true' } : null;
}
