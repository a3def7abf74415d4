import { mergeHeaderList } from './header-list.ts';
import type { OriginMatcher } from './trusted-origins.ts';

/**
 * What the official client sends across origins: JSON bodies, and `Authorization` when it uses a
 * bearer token (`fetchOptions.auth`). Nothing else is needed, so nothing else is allowed.
 */
const ALLOWED_HEADERS = 'content-type, authorization';

/** The response headers browser code must be able to read: the session token and the JWT. */
const EXPOSED_HEADERS = ['set-auth-token', 'set-auth-jwt'];

export interface CorsPolicy {
  /**
   * The preflight answer for a trusted origin asking about a path the engine has routes for:
   * 204 with the path's methods. Null when the request is not such a preflight, so the
   * pipeline answers it as any other request (404 NOT_FOUND, without CORS headers when the
   * origin is not trusted).
   */
  preflight(request: Request, methods: readonly string[]): Response | null;
  /** Adds the CORS headers to an answer for a trusted origin; other answers get `Vary: Origin` only. */
  decorate(request: Request, response: Response): Response;
}

/**
 * CORS for the trusted origins (README: Use Gatehouse from your app). Credentials are allowed,
 * so the allowed origin is always the request's own Origin, never `*`; and every answer varies
 * by Origin, so no shared cache hands one origin's answer to another.
 */
export function createCorsPolicy(origins: OriginMatcher, maxAge: number): CorsPolicy {
  const trustedOrigin = (request: Request): string | null => {
    const origin = request.headers.get('origin');
    return origin && origin !== 'null' && origins.isTrustedOrigin(origin) ? origin : null;
  };

  return {
    preflight(request, methods) {
      if (request.method !== 'OPTIONS') return null;
      const asked = request.headers.get('access-control-request-method');
      const origin = trustedOrigin(request);
      if (!asked || !origin || methods.length === 0) return null;
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': methods.join(', '),
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': String(maxAge),
          vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
        },
      });
    },
    decorate(request, response) {
      const headers = response.headers;
      headers.set('vary', mergeHeaderList(headers.get('vary'), ['Origin']));
      const origin = trustedOrigin(request);
      if (!origin) return response;
      headers.set('access-control-allow-origin', origin);
      headers.set('access-control-allow-credentials', 'true');
      headers.set(
        'access-control-expose-headers',
        mergeHeaderList(headers.get('access-control-expose-headers'), EXPOSED_HEADERS),
      );
      return response;
    },
  };
}
