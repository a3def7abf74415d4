import type { z } from 'zod';
import type { AuthContext } from '../context.ts';
import type { RequestContext } from './request-context.ts';

/**
 * How much of a session an endpoint needs (contract §5.4, with the spec's freshness rule):
 * - `none`: no lookup; `optional`: looked up if a cookie is present;
 * - `session`: 401 without one (the cookie cache may answer);
 * - `sensitive`: like `session`, but always read from the database (revocations take effect at once);
 * - `fresh`: `session`, plus 403 SESSION_NOT_FRESH outside the fresh age.
 */
export type SessionRequirement = 'none' | 'optional' | 'session' | 'sensitive' | 'fresh';

export interface EndpointInput<Body, Query> {
  auth: AuthContext;
  request: RequestContext;
  body: Body;
  query: Query;
  params: Record<string, string>;
}

/** A handler returns JSON-able data (answered with 200) or a ready Response (redirects). */
export type EndpointResult = Response | object | null;

export interface Endpoint<Body = unknown, Query = unknown, Name extends string = string> {
  /** The name under which `auth.api` exposes it, e.g. `signInEmail`. */
  name: Name;
  method: 'GET' | 'POST';
  path: string;
  body?: z.ZodType<Body>;
  query?: z.ZodType<Query>;
  requires: SessionRequirement;
  /** Sign-in and sign-up take HTML form posts too, and so get the form CSRF check (contract §13.2). */
  acceptsForm?: boolean;
  /** Session reads must never be cached by browsers or proxies (contract §1.6). */
  noStore?: boolean;
  /**
   * The handler reads the raw request itself and the origin checks are skipped: only for the
   * OAuth callback's POST, which a provider sends cross-site and which merely bounces to a GET.
   */
  rawRequest?: boolean;
  handler(input: EndpointInput<Body, Query>): Promise<EndpointResult>;
}

/** Declares an endpoint; exists so body and query types flow from the schemas into the handler. */
export function defineEndpoint<Body = undefined, Query = undefined, const Name extends string = string>(
  endpoint: Endpoint<Body, Query, Name>,
): Endpoint<Body, Query, Name> {
  return endpoint;
}

/** Any endpoint, whatever its body and query types: the element type of the route table. */
// biome-ignore lint/suspicious/noExplicitAny: handlers are contravariant in their input; the table erases it.
export type AnyEndpoint = Endpoint<any, any>;
