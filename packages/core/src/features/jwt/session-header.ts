import { mergeHeaderList } from '../../http/header-list.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import type { AdditionalFields } from '../../user/additional-fields.ts';
import { BoundedMap } from '../../util/bounded-map.ts';
import type { JwtRuntime } from './jwt-runtime.ts';
import { signUserJwt } from './sign-jwt.ts';

const HEADER = 'set-auth-jwt';
const EXPOSE = 'access-control-expose-headers';

/**
 * Signing costs far more than the rest of a cached get-session, which every page load calls. A
 * token minted for the same session and the same user data in the last minute is handed out
 * again: its `iat` is at most a minute old and it still has most of its lifetime ahead.
 */
const REUSE_MS = 60_000;

/**
 * The get-session step of docs/protocol/jwt.md#routes: a found session gets its JWT in `set-auth-jwt`, and
 * the header is exposed so cross-origin browser code can read it.
 */
export function jwtSessionHeader(jwt: JwtRuntime, fields: AdditionalFields) {
  const recent = new BoundedMap<string, { token: string; mintedAt: number }>(10_000);
  return async function addJwtHeader(request: RequestContext, resolved: ResolvedSession): Promise<void> {
    const key = `${resolved.session.token}|${resolved.user.updatedAt.getTime()}`;
    const now = jwt.now();
    let minted = recent.get(key);
    if (!minted || now - minted.mintedAt >= REUSE_MS || minted.mintedAt > now) {
      minted = { token: await signUserJwt(jwt, resolved.user, fields), mintedAt: now };
      recent.set(key, minted);
    }
    const token = minted.token;
    request.headers.push([HEADER, token]);
    exposeHeader(request.headers, HEADER);
  };
}

/** Adds the name to Access-Control-Expose-Headers, merged into a list already queued. */
function exposeHeader(headers: [string, string][], name: string): void {
  const existing = headers.find(([key]) => key.toLowerCase() === EXPOSE);
  if (existing) existing[1] = mergeHeaderList(existing[1], [name]);
  else headers.push([EXPOSE, name]);
}
