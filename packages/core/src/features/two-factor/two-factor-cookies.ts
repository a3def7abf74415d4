import type { AuthContext } from '../../context.ts';

/** Cookie names of the feature, after the core's naming rule (docs/protocol/two-factor.md#cookies). */
function cookieName(auth: AuthContext, name: string): string {
  return `${auth.options.secureCookies ? '__Secure-' : ''}${auth.options.cookiePrefix}.${name}`;
}

/** The pending sign-in challenge. */
export const challengeCookie = (auth: AuthContext): string => cookieName(auth, 'two_factor');

/** A browser the person chose to trust. */
export const trustCookie = (auth: AuthContext): string => cookieName(auth, 'trust_device');
