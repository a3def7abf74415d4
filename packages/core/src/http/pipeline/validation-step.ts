import type { AnyEndpoint } from '../endpoint.ts';
import { queryToObject, validate } from '../validate.ts';

/**
 * Step 5 for the body: the route's schema applied (400 VALIDATION_ERROR), or a file route's bytes
 * as read; a route without a schema gets no body.
 */
export function validateBody(endpoint: AnyEndpoint, raw: unknown): unknown {
  if (raw !== undefined && endpoint.rawBody) return raw;
  return endpoint.body ? validate(endpoint.body, raw, 'body') : undefined;
}

/** Step 5 for the query (`search` as sent, `params` parsed from it); a route without a schema gets none. */
export function validateQuery(endpoint: AnyEndpoint, search: string, params: URLSearchParams): unknown {
  if (!endpoint.query) return undefined;
  return search === ''
    ? emptyQuery(endpoint, endpoint.query)
    : validate(endpoint.query, queryToObject(params), 'query');
}

const parsedEmptyQueries = new WeakMap<AnyEndpoint, unknown>();

/**
 * A route's query schema applied to no query at all: the same for every such request (get-session
 * is mostly asked without one), so it is parsed once and shared, frozen. A schema that refuses an
 * empty query refuses it every time.
 */
function emptyQuery(endpoint: AnyEndpoint, schema: NonNullable<AnyEndpoint['query']>): unknown {
  if (parsedEmptyQueries.has(endpoint)) return parsedEmptyQueries.get(endpoint);
  const parsed = validate(schema, {}, 'query');
  if (typeof parsed === 'object' && parsed !== null) Object.freeze(parsed);
  parsedEmptyQueries.set(endpoint, parsed);
  return parsed;
}
