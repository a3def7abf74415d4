import type { Kysely } from 'kysely';
import type { Dialect, Schema } from './db/schema.ts';
import type { AuditRecorder } from './features/audit/audit-recorder.ts';
import type { JwtRuntime } from './features/jwt/jwt-runtime.ts';
import type { invitationsOfOrganizationQuery } from './features/organization/invitations/invitation.repository.ts';
import type {
  firstMembersQuery,
  memberUnderPolicyQuery,
} from './features/organization/members/member.repository.ts';
import type { organizationByIdQuery } from './features/organization/organization.repository.ts';
import type { rolesOfOrganizationQuery } from './features/organization/roles/role.repository.ts';
import type { teamsWithMemberCountsQuery } from './features/organization/teams/team.repository.ts';
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
  queries: {
    sessionWithUser: (token: string) => Promise<Record<string, unknown> | undefined>;
    /** The session columns `sessionWithUser` reads (more with the organization feature on). */
    sessionColumns: readonly string[];
    /** A user's unexpired sessions, oldest first (`activeSessionsQuery`); never inside a transaction. */
    activeSessionsOf: (userId: string) => Promise<Record<string, unknown>[]>;
    /** An organization's member row for a user, with the organization's two-factor policy. */
    memberUnderPolicy: ReturnType<typeof memberUnderPolicyQuery>;
    /** An organization's stored custom roles, oldest first. */
    rolesOf: ReturnType<typeof rolesOfOrganizationQuery>;
    /** get-full-organization's reads: the organization, its first members, invitations and teams. */
    organizationById: ReturnType<typeof organizationByIdQuery>;
    firstMembersOf: ReturnType<typeof firstMembersQuery>;
    invitationsOf: ReturnType<typeof invitationsOfOrganizationQuery>;
    teamsWithMemberCountsOf: ReturnType<typeof teamsWithMemberCountsQuery>;
  };
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
