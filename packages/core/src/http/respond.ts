import { AuthError } from '../errors.ts';
import { Answer } from './answer.ts';

const JSON_TYPE = 'application/json';

/** JSON text that is already serialised (the cookie cache's get-session answer). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A JSON response carrying the request's Set-Cookie headers. */
export function jsonResponse(
  data: unknown,
  status: number,
  setCookies: Iterable<string>,
  extra?: [string, string][],
): Answer {
  const headers: [string, string][] = [['content-type', JSON_TYPE]];
  for (const cookie of setCookies) headers.push(['set-cookie', cookie]);
  if (extra && extra.length > 0) headers.push(...extra);
  return new Answer(status, headers, data instanceof RawJson ? data.text : JSON.stringify(data));
}

/** A 302 with an empty body; cookies set before the redirect are kept (docs/protocol/core.md#responses). */
export function redirectResponse(location: string, setCookies: Iterable<string>): Answer {
  const headers: [string, string][] = [
    ['location', location],
    ['content-type', JSON_TYPE],
  ];
  for (const cookie of setCookies) headers.push(['set-cookie', cookie]);
  return new Answer(302, headers);
}

/** `{ message, code }` plus any details (validation issues), with the error's status and headers. */
export function errorResponse(
  error: AuthError,
  setCookies: Iterable<string>,
  extra?: [string, string][],
): Answer {
  return jsonResponse(
    { ...error.details, message: error.message, code: error.code },
    error.status,
    setCookies,
    error.headers.length > 0 ? [...(extra ?? []), ...error.headers] : extra,
  );
}

/**
 * Unknown routes: 404 `NOT_FOUND` as JSON, like every other error the engine controls (1.7 sends
 * an empty body, docs/protocol/core.md#routing; the client reads the status only). docs/api.md#bad-input.
 */
export const notFoundResponse = (): Answer => errorResponse(new AuthError('NOT_FOUND'), []);

/**
 * A known path asked with another method: the protocol's 404 (never 405, docs/protocol/core.md#routing, which
 * clients may rely on), with the methods the path has in `Allow` for the person debugging.
 */
export const wrongMethodResponse = (allowed: string[]): Answer =>
  errorResponse(new AuthError('NOT_FOUND'), [], [['allow', allowed.join(', ')]]);

/** Unhandled failures: a bare 500 that reveals nothing about the cause. */
export function internalErrorResponse(setCookies: Iterable<string>): Answer {
  return errorResponse(new AuthError('INTERNAL_SERVER_ERROR'), setCookies);
}

/**
 * How long a refused client should wait, in whole seconds, under both names: `Retry-After`
 * (RFC 9110) and `X-Retry-After`, the one Better Auth's rate limit sends
 * (docs/protocol/core.md#rate-limiting).
 */
export const retryAfterHeaders = (seconds: number): [string, string][] => [
  ['retry-after', String(seconds)],
  ['x-retry-after', String(seconds)],
];

/** Seconds a client is asked to wait before retrying during an outage. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The database (or another service a request needs) is unreachable: `503 SERVICE_UNAVAILABLE`
 * with `Retry-After`. No cookies: an outage must not sign anyone out or change their state.
 */
export function unavailableResponse(): Answer {
  return errorResponse(
    new AuthError('SERVICE_UNAVAILABLE'),
    [],
    [['retry-after', String(RETRY_AFTER_SECONDS)]],
  );
}
