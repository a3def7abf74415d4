import type { z } from 'zod';
import type { AuditEventInput } from '../audit-event.ts';
import type { AuthContext } from '../context.ts';
import type { ErrorCode } from '../errors.ts';
import type { ResolvedSession } from '../session/resolve-session.ts';
import type { Answer } from './answer.ts';
import type { PrincipalKind } from './caller/principal.ts';
import type { RawBodyOptions } from './read-raw-body.ts';
import type { RequestContext } from './request-context.ts';

/**
 * How much of a session an endpoint needs (docs/protocol/core.md#session-requirement-levels, with the spec's
 * freshness rule):
 * - `none`: no lookup; `optional`: looked up if a cookie is present;
 * - `session`: 401 without one (the cookie cache may answer);
 * - `sensitive`: like `session`, but always read from the database (revocations take effect at once);
 * - `fresh`: `session`, plus 403 SESSION_NOT_FRESH outside the fresh age;
 * - `recent` (Gatehouse only): `sensitive`, plus 403 SESSION_NOT_FRESH unless the person proved who
 *   they are (sign-in, second factor, re-authentication) within the fresh age: a refresh, which
 *   makes a session fresh, does not make it recent (`session/recent-authentication.ts`).
 */
export type SessionRequirement = 'none' | 'optional' | 'session' | 'sensitive' | 'fresh' | 'recent';

/** The session a requirement guarantees: none looked up, maybe one, or certainly one. */
export type SessionFor<Requires extends SessionRequirement> = Requires extends 'none'
  ? undefined
  : Requires extends 'optional'
    ? ResolvedSession | null
    : ResolvedSession;

export interface EndpointInput<Body, Query, Requires extends SessionRequirement = SessionRequirement> {
  auth: AuthContext;
  request: RequestContext;
  body: Body;
  query: Query;
  params: Record<string, string>;
  /** The caller's session, as the endpoint's `requires` guarantees it. */
  session: SessionFor<Requires>;
}

/**
 * A handler returns JSON-able data (answered with 200), a ready `Answer` (redirects), or a web
 * `Response` (files, pages; its body is streamed on).
 */
export type EndpointResult = Answer | Response | object | null;

export interface Endpoint<
  Body = unknown,
  Query = unknown,
  Name extends string = string,
  Requires extends SessionRequirement = SessionRequirement,
> {
  /** The name under which `auth.api` exposes it, e.g. `signInEmail`. */
  name: Name;
  method: 'GET' | 'POST';
  path: string;
  /**
   * One line saying what the route does, for the OpenAPI document and the `/docs/api` page.
   * Optional in the type only: `openapi-document.test.ts` fails for a route without one.
   */
  summary?: string;
  /** What a caller must know beyond the summary: flows, side effects, deliberate differences. */
  description?: string;
  body?: z.ZodType<Body>;
  query?: z.ZodType<Query>;
  requires: Requires;
  /**
   * The kinds of caller the route serves (`caller/principal.ts`); any other is refused with 401
   * UNAUTHORIZED, as a missing session is, at the session step. Default: every kind, which is
   * what every route serves today (the session cookie, a bearer token, or no credential at all).
   */
  accepts?: readonly PrincipalKind[];
  /**
   * The restricted API-key sessions the route serves (docs/protocol/api-key.md#decisions-for-gatehouse,
   * K9 and K10); the session step refuses any other, so a new route refuses them until it says so.
   * `scoped`: a key with `permissions`, only where every action is checked against the permission
   * matrix (the checks intersect with the scopes) or the route is a read safe for any key.
   * `organization`: an organization key's session, only where the route acts inside one organization.
   */
  keySessions?: readonly KeySessionKind[];
  /**
   * An `x-api-key` caller's key is checked as on every route, but its use is not counted against
   * its rate limit or `remaining`: a service's own key, sent with every call of a route that exists
   * for services (docs/protocol/api-key.md#decisions-for-gatehouse, K12).
   */
  uncountedKey?: boolean;
  /**
   * For the OpenAPI document only: the session a `requires: 'none'` handler reads itself, because
   * it answers something else first (a feature switch, a request it refuses either way).
   * `session`: refused without one; `optional`: read when present.
   */
  readsSession?: 'session' | 'optional';
  /**
   * Sign-in and sign-up take HTML form posts too, and so get the form CSRF check
   * (docs/protocol/core.md#sign-in-form-csrf).
   */
  acceptsForm?: boolean;
  /** Session reads must never be cached by browsers or proxies (docs/protocol/core.md#responses). */
  noStore?: boolean;
  /** Only `auth.api` may call it; over HTTP the path is unknown (404), e.g. organization add-member. */
  serverOnly?: boolean;
  /**
   * The handler reads the raw request itself and the origin checks are skipped: only for the
   * OAuth callback's POST, which a provider sends cross-site and which merely bounces to a GET.
   */
  rawRequest?: boolean;
  /**
   * The 200 answer's body, for the OpenAPI document (`openapi/`); the conformance test checks real
   * answers against it. Routes without one are documented with an unspecified JSON body.
   */
  response?: z.ZodType;
  /** The route may answer 302 (a browser flow: a link in an email, a provider's callback). */
  redirects?: boolean;
  /**
   * The refusals this route's own rules answer, beyond those the pipeline gives every route of its
   * kind (validation, origin, session, rate limit, outage), which the document adds itself.
   */
  errors?: readonly DeclaredError[];
  /** The 200 answer is an HTML page, not JSON (the error page). */
  html?: boolean;
  /**
   * The 200 answer is a file of one of these media types, not JSON (an avatar); with `etag`, the
   * route also answers 304 to a matching `If-None-Match`.
   */
  file?: { mediaTypes: readonly string[]; etag?: boolean };
  /**
   * The body is a file, not JSON: read as bytes (`RawBody`) up to its own limit, of the listed
   * media types only; `body` is then unused. The origin checks apply as to any POST.
   */
  rawBody?: RawBodyOptions;
  /**
   * The security event a refusal of this route records (a failed sign-in, a wrong code, a wrong
   * password on a settings route), with the refusal's error code; bad input (VALIDATION_ERROR) is
   * not an event (features/audit/README.md). With `codes`, only those refusals are recorded (a
   * route's password check, not its missing session).
   */
  auditRefusal?: Pick<AuditEventInput, 'type' | 'metadata'> & { codes?: readonly ErrorCode[] };
  handler(input: EndpointInput<Body, Query, Requires>): Promise<EndpointResult>;
}

/**
 * A feature as the OpenAPI document groups its routes: one tag per feature folder, named and
 * described once next to the feature's endpoint list.
 */
export interface ApiFeature {
  name: string;
  description: string;
}

/** A refusal a route declares: a catalogue code, with the status this route gives it when it differs. */
export type DeclaredError = ErrorCode | readonly [code: ErrorCode, status: number];

/** The codes of declared refusals (for `auditRefusal.codes`). */
export const codesOf = (errors: readonly DeclaredError[]): ErrorCode[] =>
  errors.map((error) => (typeof error === 'string' ? error : error[0]));

/** The kinds of restricted API-key session a route may serve (`Endpoint.keySessions`). */
export type KeySessionKind = 'scoped' | 'organization';

/** Declares an endpoint; exists so body, query and session types flow into the handler. */
export function defineEndpoint<
  Body = undefined,
  Query = undefined,
  const Name extends string = string,
  const Requires extends SessionRequirement = SessionRequirement,
>(endpoint: Endpoint<Body, Query, Name, Requires>): Endpoint<Body, Query, Name, Requires> {
  return endpoint;
}

/** Any endpoint, whatever its body and query types: the element type of the route table. */
// biome-ignore lint/suspicious/noExplicitAny: handlers are contravariant in their input; the table erases it.
export type AnyEndpoint = Endpoint<any, any, string, any>;
