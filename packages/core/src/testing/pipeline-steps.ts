import type { AuthContext } from '../context.ts';
import { incomingFromRequest } from '../http/incoming.ts';
import { RequestContext } from '../http/request-context.ts';
import { RequestOutcome } from '../http/request-outcome.ts';
import { createOriginMatcher } from '../http/trusted-origins.ts';
import { noPorts, type Ports } from '../ports/ports.ts';
import { CookieVerifier } from '../session/cookie-verifier.ts';
import { TEST_SECRET } from './test-server.ts';

/** The engine's own origin in the pipeline step tests: trusted, like the configured base URL. */
export const OWN_ORIGIN = 'https://auth.example';

export interface StepAuthOptions {
  bearer?: { requireSignature: boolean };
  rateLimiter?: AuthContext['rateLimiter'];
  audit?: Partial<AuthContext['audit']>;
  logError?: (message: string, error: unknown) => void;
  ports?: Partial<Ports>;
}

/**
 * Just the part of an engine the pipeline's steps read: the base path, the cookie names, the
 * trusted origins, the cookie verifier, and what a test passes. A step that reads more fails
 * loudly, which is the point: each step's test says what the step depends on.
 */
export function stepAuth(options: StepAuthOptions = {}): AuthContext {
  return {
    options: {
      basePath: '/api/auth',
      secret: TEST_SECRET,
      ipAddressHeaders: [],
      bearer: options.bearer,
      now: () => Date.now(),
      logError: options.logError ?? (() => {}),
    },
    cookies: { token: 'better-auth.session_token', data: 'better-auth.session_data' },
    origins: createOriginMatcher([OWN_ORIGIN], OWN_ORIGIN),
    verifier: new CookieVerifier(TEST_SECRET, {}),
    rateLimiter: options.rateLimiter,
    audit: options.audit,
    // No feature supplies a port here (the caller step asks `apiKeys`): a test passes the ones it needs.
    ports: { ...noPorts, ...options.ports },
  } as unknown as AuthContext;
}

/** A request as the pipeline's steps see it, to a path under the base path. */
export function stepRequest(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): RequestContext {
  const url = new URL(`${OWN_ORIGIN}/api/auth${path}`);
  const request = new Request(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body });
  return new RequestContext(incomingFromRequest(request, url), '192.0.2.1', undefined, new RequestOutcome());
}
