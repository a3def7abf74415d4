import type { AuthContext } from '../context.ts';
import type { Answer } from '../http/answer.ts';
import { mergeHeaderList } from '../http/header-list.ts';
import { encodeSignedValue } from '../http/signed-cookie.ts';

const SCHEME = 'bearer ';
const TOKEN_HEADER = 'set-auth-token';

/**
 * The session cookie value an `Authorization: Bearer …` header stands for (Better Auth's bearer
 * plugin wire shape): the signed token as `set-auth-token` hands it out, percent-encoded or not,
 * or, unless signatures are required, the bare session token, which is signed here. Null when
 * the header is absent, not a bearer header, empty, or signed with another secret: the request
 * is then read as if it carried no bearer token at all.
 */
export function bearerSessionCookie(auth: AuthContext, header: string | null): string | null {
  if (!header || header.slice(0, SCHEME.length).toLowerCase() !== SCHEME) return null;
  const token = header.slice(SCHEME.length).trim();
  if (!token) return null;
  if (token.includes('.')) return auth.verifier.token(token) === null ? null : token;
  if (auth.options.bearer?.requireSignature) return null;
  return encodeSignedValue(auth.options.secret, token);
}

/**
 * A response that sets the session cookie also hands its value out in `set-auth-token` (exposed
 * to browser code), so clients without cookies can keep it; clearing the cookie hands out nothing.
 */
export function addAuthTokenHeader(auth: AuthContext, answer: Answer): void {
  const prefix = `${auth.cookies.token}=`;
  const cookie = answer.setCookies().find((header) => header.startsWith(prefix));
  if (!cookie || /;\s*Max-Age=0(;|$)/i.test(cookie)) return;
  const value = cookie.slice(prefix.length).split(';', 1)[0] ?? '';
  if (!value) return;
  answer.setHeader(TOKEN_HEADER, decodeURIComponent(value));
  answer.setHeader(
    'access-control-expose-headers',
    mergeHeaderList(answer.header('access-control-expose-headers'), [TOKEN_HEADER]),
  );
}
