import type { Kysely } from 'kysely';
import type { AuthDatabase, Dialect, Schema } from './db/schema.ts';
import type { AuditRecorder } from './features/audit/audit-recorder.ts';
import type { JwtRuntime } from './features/jwt/jwt-runtime.ts';
import type { SocialProvider } from './features/social/providers/provider.ts';
import type { Counters } from './http/rate-limit/counters.ts';
import type { RateLimiter } from './http/rate-limit/create-rate-limiter.ts';
import type { RequestContext } from './http/request-context.ts';
import type { OriginMatcher } from './http/trusted-origins.ts';
import type { ResolvedOptions } from './options.ts';
import type { Ports } from './ports/ports.ts';
import type { CacheEpoch } from './session/cache-epoch.ts';
import type { CookieVerifier } from './session/cookie-verifier.ts';
import type { DecodedSessions } from './session/decoded-sessions.ts';
import type { ResolvedSession } from './session/resolve-session.ts';
import type { SessionCookies } from './session/session-cookies.ts';
import type { SecondaryStorage } from './storage/secondary-storage.ts';

/** What every endpoint works with, built once by `createAuth`. */
export interface AuthContext {
  options: ResolvedOptions;
  db: Kysely<Schema>;
  dialect: Dialect;
  /** The database `db` is built on: hot reads outside a transaction run on it (db/hot-read.ts). */
  database: AuthDatabase;
  cookies: SessionCookies;
  origins: OriginMatcher;
  storage: SecondaryStorage;
  /** Caches issued before this epoch are not trusted without a database read (storage outages). */
  cacheEpoch: CacheEpoch;
  verifier: CookieVerifier;
  /** Session rows read without the cookie cache, decoded once while they stay the same. */
  decodedSessions: DecodedSessions;
  /** The counters of the rate limiter, the mail budget and failed sign-ins, in `rateLimit.storage`. */
  counters: Counters;
  /** Undefined when rate limiting is off. */
  rateLimiter: RateLimiter | undefined;
  /** The JWT feature's keys and settings; undefined when the feature is off. */
  jwt: JwtRuntime | undefined;
  /**
   * Runs when get-session answers with a session (the JWT feature's header). Undefined when no
   * feature needs it, so the hot path pays one property check and nothing more.
   */
  onSessionAnswer: ((request: RequestContext, resolved: ResolvedSession) => Promise<void>) | undefined;
  /** What features supply to each other (`ports/ports.ts`); a port is undefined while its supplier is off. */
  ports: Ports;
  /** The configured social providers by id (empty when none are). */
  providers: Map<string, SocialProvider>;
  /** The OpenAPI document of this engine's routes, as JSON text: built on first use, then kept. */
  apiDocument: () => string;
  /** Records security events (features/audit/README.md); never fails the request it serves. */
  audit: AuditRecorder;
}
