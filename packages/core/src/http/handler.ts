import type { AuthContext } from '../context.ts';
import { addAuthTokenHeader } from '../session/bearer-token.ts';
import { type Answer, toResponse } from './answer.ts';
import type { CallerResolver } from './caller/caller-resolver.ts';
import { identifyCaller } from './caller/resolvers.ts';
import { createCorsPolicy } from './cors.ts';
import type { AnyEndpoint } from './endpoint.ts';
import { type Incoming, incomingFromRequest } from './incoming.ts';
import { decodePathParams } from './path-params.ts';
import { readPostBody } from './pipeline/body-step.ts';
import { errorStep } from './pipeline/error-step.ts';
import { answerOf, runHandler } from './pipeline/handler-step.ts';
import { checkFormPost, checkOrigins } from './pipeline/origin-step.ts';
import { rateLimitStep, UNKNOWN_ROUTE } from './pipeline/rate-limit-step.ts';
import { isVisible, matchRoute, noRouteAnswer } from './pipeline/route-step.ts';
import { requireCaller } from './pipeline/session-step.ts';
import { validateBody, validateQuery } from './pipeline/validation-step.ts';
import { RequestContext } from './request-context.ts';
import { type HandlerAnswer, RequestOutcome } from './request-outcome.ts';
import { notFoundResponse } from './respond.ts';
import type { Router } from './router.ts';

/** What a host server may tell the handler about the connection a request came on. */
export interface ConnectionInfo {
  remoteAddress?: string;
  /** The host's id for this request: passed with the engine's log lines and mail (`log-context.ts`). */
  requestId?: string;
  /** Headers the host adds to the answer, whatever it is (the request id it logs under). */
  headers?: readonly [string, string][];
  /** Told once per request how it was answered: for the host's access log and metrics. */
  onAnswer?: (answer: HandlerAnswer) => void;
}

/** The engine's web-standard handler (`auth.handler`). */
export type AuthHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/** The pipeline itself, on a request as any server received it; servers adapt it (`node-handler.ts`). */
export type Pipeline = (incoming: Incoming, connection?: ConnectionInfo) => Promise<Answer>;

const NO_STORE: [string, string][] = [
  ['cache-control', 'no-store'],
  ['pragma', 'no-cache'],
];

const NO_SEARCH_PARAMS = new URLSearchParams();

/**
 * The request pipeline (docs/protocol/core.md#request-pipeline), composed of its named steps
 * (`pipeline/`), in the order that decides which refusal a client sees when several apply: rate
 * limit, route, who is calling (`caller/`), body, origin and redirect checks, validation, form CSRF
 * and session requirement, handler. Errors become answers in exactly one place (`error-step.ts`),
 * and the request's outcome record (`request-outcome.ts`) goes to the host whatever happened.
 */
export function createPipeline(auth: AuthContext, router: Router): Pipeline {
  const prefix = `${auth.options.basePath}/`;
  const { cors: corsOptions, bearer } = auth.options;
  const cors = corsOptions ? createCorsPolicy(auth.origins, corsOptions.maxAge) : undefined;
  const rateLimit = rateLimitStep(auth);
  const answerError = errorStep(auth);

  return async function handleAuthRequest(incoming, connection) {
    const outcome = new RequestOutcome();
    try {
      // A trusted origin's preflight costs nothing to answer and is sent before most cross-origin
      // calls: it is answered before the rate limiter, so it never spends the call's own allowance.
      let result =
        cors && incoming.method === 'OPTIONS'
          ? cors.preflight(incoming, preflightMethods(incoming.pathname))
          : null;
      if (!result) {
        result = await answer(incoming, connection, outcome);
        if (bearer) addAuthTokenHeader(auth, result);
        cors?.decorate(incoming, result);
      }
      if (connection?.headers) result.headers.push(...connection.headers);
      outcome.status = result.status;
      return result;
    } finally {
      connection?.onAnswer?.(outcome);
    }
  };

  /** The methods a preflight may be allowed for this path: none outside the routes. */
  function preflightMethods(pathname: string): string[] {
    if (!pathname.startsWith(prefix) || pathname.includes('//')) return [];
    return router.methodsOf(pathname.slice(auth.options.basePath.length));
  }

  async function answer(
    incoming: Incoming,
    connection: ConnectionInfo | undefined,
    outcome: RequestOutcome,
  ): Promise<Answer> {
    if (!incoming.pathname.startsWith(prefix)) {
      outcome.code = 'NOT_FOUND';
      return notFoundResponse();
    }
    const path = incoming.pathname.slice(auth.options.basePath.length);
    const context = new RequestContext(incoming, connection?.remoteAddress, connection?.requestId, outcome);
    const match = matchRoute(router, incoming, path);
    const visible = match !== null && isVisible(match, incoming);
    if (visible) outcome.route = match.endpoint.path;
    // Counted before the 404, under the route even when it is hidden from HTTP.
    const counted = match?.endpoint.path ?? UNKNOWN_ROUTE;
    const limiting = rateLimit.count(context, counted);
    if (limiting) {
      const limited = await limiting;
      if (limited) return rateLimit.refuse(context, counted, limited);
    }
    if (!visible) {
      outcome.code = 'NOT_FOUND';
      return noRouteAnswer(router, incoming, path);
    }

    const { endpoint } = match;
    if (endpoint.noStore) context.headers.push(...NO_STORE);
    try {
      return answerOf(await run(auth, endpoint, context, match.params), context);
    } catch (error) {
      return await answerError(error, endpoint, context);
    } finally {
      outcome.settleSignIn();
    }
  }
}

/** The steps after routing, each of which may refuse by throwing. */
async function run(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  context: RequestContext,
  rawParams: Record<string, string>,
) {
  const caller: CallerResolver = identifyCaller(auth, context);
  const params = decodePathParams(rawParams);
  // The OAuth callback's POST, sent cross-site by the provider: it reads the request itself and
  // takes none of the checks.
  if (endpoint.rawRequest)
    return runHandler(auth, endpoint, context, undefined, undefined, params, undefined);
  const isPost = endpoint.method === 'POST';
  const raw = isPost ? await readPostBody(endpoint, context.incoming) : undefined;
  const { search } = context.incoming;
  const searchParams = search === '' ? NO_SEARCH_PARAMS : new URLSearchParams(search);
  if (isPost) checkOrigins(auth, caller, context, raw, searchParams);
  const body = validateBody(endpoint, raw);
  const query = validateQuery(endpoint, search, searchParams);
  checkFormPost(auth, caller, endpoint, context);
  const requiring = requireCaller(auth, endpoint, context, { body, query });
  const session = requiring === undefined ? undefined : await requiring;
  return runHandler(auth, endpoint, context, body, query, params, session);
}

/** The pipeline as a web-standard fetch handler: `Request` in, `Response` out. */
export function webHandler(pipeline: Pipeline): AuthHandler {
  return async (request, connection) =>
    toResponse(await pipeline(incomingFromRequest(request, new URL(request.url)), connection));
}
