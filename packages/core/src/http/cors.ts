import { Answer } from './answer.ts';
import { mergeHeaderList } from './header-list.ts';
import type { Incoming } from './incoming.ts';
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
  preflight(request: Incoming, methods: readonly string[]): Answer | null;
  /** Adds the CORS headers to an answer for a trusted origin; other answers get `Vary: Origin` only. */
  decorate(request: Incoming, answer: Answer): void;
}

/**
 * CORS for the trusted origins (docs/app-integration.md#cors). Credentials are allowed,
 * so the allowed origin is always the request's own Origin, never `*`; and every answer varies
 * by Origin, so no shared cache hands one origin's answer to another.
 */
export function createCorsPolicy(origins: OriginMatcher, maxAge: number): CorsPolicy {
  const trustedOrigin = (request: Incoming): string | null => {
    const origin = request.header('origin');
    return origin && origin !== 'null' && origins.isTrustedOrigin(origin) ? origin : null;
  };

  return {
    preflight(request, methods) {
      if (request.method !== 'OPTIONS') return null;
      const asked = request.header('access-control-request-method');
      const origin = trustedOrigin(request);
      if (!asked || !origin || methods.length === 0) return null;
      return new Answer(204, [
        ['access-control-allow-origin', origin],
        ['access-control-allow-credentials', 'true'],
        ['access-control-allow-methods', methods.join(', ')],
        ['access-control-allow-headers', ALLOWED_HEADERS],
        ['access-control-max-age', String(maxAge)],
        ['vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers'],
      ]);
    },
    decorate(request, answer) {
      const vary = answer.header('vary');
      // Most answers carry no Vary yet: the common case appends without scanning the list again.
      if (vary === null) answer.headers.push(['vary', 'Origin']);
      else answer.setHeader('vary', mergeHeaderList(vary, ['Origin']));
      const origin = trustedOrigin(request);
      if (!origin) return;
      answer.setHeader('access-control-allow-origin', origin);
      answer.setHeader('access-control-allow-credentials', 'true');
      answer.setHeader(
        'access-control-expose-headers',
        mergeHeaderList(answer.header('access-control-expose-headers'), EXPOSED_HEADERS),
      );
    },
  };
}
