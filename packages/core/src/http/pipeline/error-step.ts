import type { AuthContext } from '../../context.ts';
import { isServiceUnavailable } from '../../db/unavailable.ts';
import { AuthError } from '../../errors.ts';
import type { Answer } from '../answer.ts';
import type { AnyEndpoint } from '../endpoint.ts';
import type { RequestContext } from '../request-context.ts';
import { errorResponse, internalErrorResponse, unavailableResponse } from '../respond.ts';
import { recordRefusal } from './refusal-event.ts';

const OUTAGE_LOG_INTERVAL_MS = 10_000;

/** The one place an error thrown by any step after routing becomes an answer (and its code the outcome's). */
export type ErrorStep = (error: unknown, endpoint: AnyEndpoint, request: RequestContext) => Promise<Answer>;

/**
 * An outage answers 503 (one log line per interval: during an outage every request fails the same
 * way); a catalogue refusal answers its `{ code, message }` and is recorded when the route says
 * so; anything else is logged and answers a bare 500 that reveals nothing.
 */
export function errorStep(auth: AuthContext): ErrorStep {
  let lastOutageLog = Number.NEGATIVE_INFINITY;
  return async function answerError(error, endpoint, request) {
    const { outcome } = request;
    // Checked first: endpoints wrap driver errors in their own codes, with the cause kept.
    if (isServiceUnavailable(error)) {
      if (Date.now() - lastOutageLog >= OUTAGE_LOG_INTERVAL_MS) {
        lastOutageLog = Date.now();
        auth.options.logError(
          `Database unavailable (${endpoint.method} ${endpoint.path} answered 503)`,
          error,
          request.log,
        );
      }
      outcome.code = 'SERVICE_UNAVAILABLE';
      return unavailableResponse();
    }
    if (error instanceof AuthError) {
      outcome.code = error.code;
      await recordRefusal(auth, endpoint, request, error);
      return errorResponse(error, request.refusalCookies(auth.cookies.data), request.headers);
    }
    auth.options.logError(`Unhandled error in ${endpoint.method} ${endpoint.path}`, error, request.log);
    outcome.code = 'INTERNAL_SERVER_ERROR';
    return internalErrorResponse(request.setCookies);
  };
}
