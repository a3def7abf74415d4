import type { AuthContext } from '../../context.ts';
import { bearerSessionCookie } from '../../session/bearer-token.ts';
import type { RequestContext } from '../request-context.ts';
import type { CallerResolver } from './caller-resolver.ts';
import type { BearerPrincipal } from './principal.ts';

const BEARER: BearerPrincipal = Object.freeze({ kind: 'bearer' });

/** Nothing to check: see `bearerSession`. */
const noCheck = (): void => {};

/**
 * An accepted `Authorization: Bearer` token (with `bearer` on): the session cookie it stands for
 * replaces the request's own, so the session lookup reads it like any cookie. Browsers never
 * attach that header on their own, so such a request cannot be a cross-site forgery: the origin
 * checks guard cookies only and are skipped.
 */
export const bearerSession: CallerResolver = {
  identify(auth: AuthContext, request: RequestContext) {
    if (!auth.options.bearer) return null;
    const cookie = bearerSessionCookie(auth, request.header('authorization'));
    if (cookie === null) return null;
    request.cookies.set(auth.cookies.token, cookie);
    return BEARER;
  },
  checkOrigin: noCheck,
  checkFormOrigin: noCheck,
};
