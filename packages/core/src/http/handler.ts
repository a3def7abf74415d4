import type { AuthContext } from '../context.ts';
import { isServiceUnavailable } from '../db/unavailable.ts';
import { AuthError } from '../errors.ts';
import { addAuthTokenHeader, bearerSessionCookie } from '../session/bearer-token.ts';
import { requireSession } from '../session/require-session.ts';
import { Answer, answerFromResponse, toResponse } from './answer.ts';
import { clientIp } from './client-ip.ts';
import { createCorsPolicy } from './cors.ts';
import type { AnyEndpoint } from './endpoint.ts';
import { type Incoming, incomingFromRequest } from './incoming.ts';
import { checkFormOrigin, checkRedirectFields, checkRequestOrigin } from './origin-check.ts';
import { decodePathParams } from './path-params.ts';
import { readBody } from './read-body.ts';
import { readRawBody } from './read-raw-body.ts';
import { RequestContext, type SignInFactor } from './request-context.ts';
import {
  errorResponse,
  internalErrorResponse,
  jsonResponse,
  notFoundResponse,
  unavailableResponse,
  wrongMethodResponse,
} from './respond.ts';
import type { Router } from './router.ts';
import { queryToObject, validate } from './validate.ts';

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

/** What a host may record about an answer without reading it: never a path as sent (it may hold a token). */
export interface HandlerAnswer {
  /** The route template under the base path (`/reset-password/:token`); undefined when no route matched. */
  route: string | undefined;
  /** The error code of a refusal (`RATE_LIMITED`, `INVALID_EMAIL_OR_PASSWORD`); undefined on success. */
  code: string | undefined;
  /** The answer's status (500 when the pipeline itself failed). */
  status: number;
  /**
   * Set when the request was a sign-in attempt the engine evaluated (a request refused before its
   * handler, e.g. rate limited, is none): the factor, and `success`, `challenged` (a second factor
   * is owed) or the refusal's code.
   */
  signIn?: { factor: SignInFactor; outcome: string };
}

/** The engine's web-standard handler (`auth.handler`). */
export type AuthHandler = (request: Request, connection?: ConnectionInfo) => Promise<Response>;

/** The pipeline itself, on a request as any server received it; servers adapt it (`node-handler.ts`). */
export type Pipeline = (incoming: Incoming, connection?: ConnectionInfo) => Promise<Answer>;

/** The one rate-limit counter shared by every path that is not a route. */
const UNKNOWN_ROUTE = '/(unknown)';

const OUTAGE_LOG_INTERVAL_MS = 10_000;

const NO_STORE: [string, string][] = [
  ['cache-control', 'no-store'],
  ['pragma', 'no-cache'],
];

/**
 * The request pipeline (docs/protocol/core.md#request-pipeline): rate limit, route, read the body, origin and
 * redirect checks, validate, session requirement, handler. Errors become responses in exactly one place.
 */
export function createPipeline(auth: AuthContext, router: Router): Pipeline {
  const prefix = `${auth.options.basePath}/`;
  const { cors: corsOptions, bearer } = auth.options;
  const cors = corsOptions ? createCorsPolicy(auth.origins, corsOptions.maxAge) : undefined;
  // During an outage every request fails the same way: one log line per interval says so.
  let lastOutageLog = Number.NEGATIVE_INFINITY;
  const recentlyLimited = new Map<string, number>();

  return async function handleAuthRequest(incoming, connection) {
    const outcome: HandlerAnswer = { route: undefined, code: undefined, status: 500 };
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
    outcome: HandlerAnswer,
  ): Promise<Answer> {
    const { pathname } = incoming;
    if (!pathname.startsWith(prefix)) {
      outcome.code = 'NOT_FOUND';
      return notFoundResponse();
    }
    const path = pathname.slice(auth.options.basePath.length);
    const context = new RequestContext(incoming, connection?.remoteAddress, connection?.requestId);
    const routable = !pathname.includes('//');
    const match = routable ? router.find(incoming.method, path) : null;
    const hidden = match?.endpoint.serverOnly === true && !incoming.serverCall;
    if (match && !hidden) outcome.route = match.endpoint.path;
    // Every request counts, unknown paths too (docs/protocol/core.md#request-pipeline). Counters are kept per
    // route, not per raw path, so made-up paths or per-token links cannot create fresh keys without end
    // (which could also push a client's own sign-in counter out of the store). Server-side calls
    // (`auth.api`) are the host's own code: they carry no client address and are never limited.
    if (auth.rateLimiter && !incoming.serverCall) {
      const limited = await auth.rateLimiter.check(
        clientIp(auth, context),
        match?.endpoint.path ?? UNKNOWN_ROUTE,
        context.log,
      );
      if (limited) {
        outcome.code = 'RATE_LIMITED';
        await recordRateLimited(auth, recentlyLimited, context, match?.endpoint.path ?? UNKNOWN_ROUTE);
        return limited;
      }
    }
    if (!match || hidden) {
      outcome.code = 'NOT_FOUND';
      const allowed = routable ? router.methodsOf(path) : [];
      return allowed.length > 0 ? wrongMethodResponse(allowed) : notFoundResponse();
    }

    const { endpoint } = match;
    if (endpoint.noStore) context.headers.push(...NO_STORE);
    const bearerCookie = bearer ? bearerSessionCookie(auth, context.header('authorization')) : null;
    if (bearerCookie) context.useBearer(auth.cookies.token, bearerCookie);
    try {
      const result = await run(auth, endpoint, context, match.params);
      if (result instanceof Answer || result instanceof Response) {
        const ready = result instanceof Answer ? result : answerFromResponse(result);
        for (const cookie of context.setCookies) ready.headers.push(['set-cookie', cookie]);
        return ready;
      }
      return jsonResponse(result, 200, context.setCookies, context.headers);
    } catch (error) {
      // Checked first: endpoints wrap driver errors in their own codes, with the cause kept.
      if (isServiceUnavailable(error)) {
        if (Date.now() - lastOutageLog >= OUTAGE_LOG_INTERVAL_MS) {
          lastOutageLog = Date.now();
          auth.options.logError(
            `Database unavailable (${endpoint.method} ${endpoint.path} answered 503)`,
            error,
            context.log,
          );
        }
        outcome.code = 'SERVICE_UNAVAILABLE';
        return unavailableResponse();
      }
      if (error instanceof AuthError) {
        outcome.code = error.code;
        await recordRefusal(auth, endpoint, context, error);
        return errorResponse(error, context.refusalCookies(auth.cookies.data), context.headers);
      }
      auth.options.logError(`Unhandled error in ${endpoint.method} ${endpoint.path}`, error, context.log);
      outcome.code = 'INTERNAL_SERVER_ERROR';
      return internalErrorResponse(context.setCookies);
    } finally {
      const signIn = context.signIn;
      if (signIn)
        outcome.signIn = { factor: signIn.factor, outcome: signIn.outcome ?? outcome.code ?? 'success' };
    }
  }
}

/**
 * A refusal the route declares as a security event (`auditRefusal`): its type and metadata, the
 * wire code, and the account it was about — the one the handler found, else the signed-in user.
 */
async function recordRefusal(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  context: RequestContext,
  error: AuthError,
) {
  const refusal = endpoint.auditRefusal;
  if (!refusal || error.code === 'VALIDATION_ERROR') return;
  if (refusal.codes && !refusal.codes.includes(error.code)) return;
  // Only a session the request already looked up: recording never adds a session read.
  const user = context.session ? (await context.session.catch(() => null))?.user : undefined;
  await auth.audit.record(context, {
    type: refusal.type,
    metadata: context.auditDetail ? { ...refusal.metadata, ...context.auditDetail } : refusal.metadata,
    target: context.auditSubject ?? (user ? { type: 'user', id: user.id } : undefined),
    outcome: 'failure',
    errorCode: error.code,
  });
}

/**
 * A refused burst is one event, not one per request: the first refusal per client and route in
 * each minute is recorded, so a flood cannot turn into as many writes.
 */
const LIMITED_EVENT_INTERVAL_MS = 60_000;

async function recordRateLimited(
  auth: AuthContext,
  recentlyLimited: Map<string, number>,
  context: RequestContext,
  path: string,
) {
  const key = `${clientIp(auth, context) ?? ''}|${path}`;
  const now = auth.options.now();
  if ((recentlyLimited.get(key) ?? Number.NEGATIVE_INFINITY) > now - LIMITED_EVENT_INTERVAL_MS) return;
  if (recentlyLimited.size >= 10_000) recentlyLimited.clear();
  recentlyLimited.set(key, now);
  await auth.audit.record(context, {
    type: 'rate_limit.exceeded',
    outcome: 'failure',
    errorCode: 'RATE_LIMITED',
    metadata: { path },
  });
}

const NO_SEARCH_PARAMS = new URLSearchParams();
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

async function run(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  context: RequestContext,
  rawParams: Record<string, string>,
) {
  const params = decodePathParams(rawParams);
  if (endpoint.rawRequest) {
    return endpoint.handler({
      auth,
      request: context,
      body: undefined,
      query: undefined,
      params,
      session: undefined,
    });
  }
  const isPost = endpoint.method === 'POST';
  const fileBody =
    isPost && endpoint.rawBody ? await readRawBody(context.incoming, endpoint.rawBody) : undefined;
  const rawBody =
    isPost && !fileBody ? await readBody(context.incoming, endpoint.acceptsForm === true) : undefined;
  // A bearer request carries no browser credentials a forged request could ride on: the origin
  // checks guard cookies only, so they are skipped; the redirect checks stay.
  const { search } = context.incoming;
  const searchParams = search === '' ? NO_SEARCH_PARAMS : new URLSearchParams(search);
  if (isPost) {
    if (!context.bearer) checkRequestOrigin(auth, context);
    checkRedirectFields(auth, rawBody, searchParams);
  }
  const body = fileBody ?? (endpoint.body ? validate(endpoint.body, rawBody, 'body') : undefined);
  const query = endpoint.query
    ? search === ''
      ? emptyQuery(endpoint, endpoint.query)
      : validate(endpoint.query, queryToObject(searchParams), 'query')
    : undefined;
  if (endpoint.acceptsForm && !context.bearer) checkFormOrigin(auth, context);
  const session =
    endpoint.requires === 'none' ? undefined : await requireSession(auth, context, endpoint.requires);
  return endpoint.handler({ auth, request: context, body, query, params, session });
}

/** The pipeline as a web-standard fetch handler: `Request` in, `Response` out. */
export function webHandler(pipeline: Pipeline): AuthHandler {
  return async (request, connection) =>
    toResponse(await pipeline(incomingFromRequest(request, new URL(request.url)), connection));
}
