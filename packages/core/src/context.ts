import type { Kysely } from 'kysely';
import type { AuthDatabase, Dialect, Schema } from './db/schema.ts';
import { createJwtRuntime, type JwtRuntime } from './features/jwt/jwt-runtime.ts';
import { jwtSessionHeader } from './features/jwt/session-header.ts';
import type { SocialProvider } from './features/social/providers/provider.ts';
import { buildProviders } from './features/social/providers/provider-registry.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit/create-rate-limiter.ts';
import type { RequestContext } from './http/request-context.ts';
import { createOriginMatcher, type OriginMatcher } from './http/trusted-origins.ts';
import type { ResolvedOptions } from './options.ts';
import { CookieVerifier } from './session/cookie-verifier.ts';
import type { ResolvedSession } from './session/resolve-session.ts';
import { sessionWithUserQuery } from './session/session.repository.ts';
import { type SessionCookies, sessionCookies } from './session/session-cookies.ts';
import type { SecondaryStorage } from './storage/secondary-storage.ts';

/** What every endpoint works with, built once by `createAuth`. */
export interface AuthContext {
  options: ResolvedOptions;
  db: Kysely<Schema>;
  dialect: Dialect;
  cookies: SessionCookies;
  origins: OriginMatcher;
  storage: SecondaryStorage;
  verifier: CookieVerifier;
  /** Undefined when rate limiting is off. */
  rateLimiter: RateLimiter | undefined;
  queries: { sessionWithUser: (token: string) => Promise<Record<string, unknown> | undefined> };
  /** The JWT feature's keys and settings; undefined when the feature is off. */
  jwt: JwtRuntime | undefined;
  /**
   * Runs when get-session answers with a session (the JWT feature's header). Undefined when no
   * feature needs it, so the hot path pays one property check and nothing more.
   */
  onSessionAnswer: ((request: RequestContext, resolved: ResolvedSession) => Promise<void>) | undefined;
  /** The configured social providers by id (empty when none are). */
  providers: Map<string, SocialProvider>;
}

export function createContext(
  options: ResolvedOptions,
  database: AuthDatabase,
  storage: SecondaryStorage,
): AuthContext {
  const jwt = options.jwt
    ? createJwtRuntime(options.jwt, database.db, options.secret, options.now)
    : undefined;
  return {
    options,
    db: database.db,
    dialect: database.dialect,
    cookies: sessionCookies(options),
    origins: createOriginMatcher(options.trustedOrigins, options.origin),
    storage,
    verifier: new CookieVerifier(options.secret, options.additionalFields),
    rateLimiter: createRateLimiter(options, database, storage),
    queries: { sessionWithUser: sessionWithUserQuery(database) },
    jwt,
    onSessionAnswer: jwt?.config.setHeader ? jwtSessionHeader(jwt, options.additionalFields) : undefined,
    providers: buildProviders(options.socialProviders),
  };
}
