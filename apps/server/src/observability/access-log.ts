import type { HandlerAnswer } from '@gatehouse/core';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from './logger.ts';
import { requestIdFrom } from './request-id.ts';

/** The Hono variables the access log reads: the engine names its route template here. */
export interface AccessLogVariables {
  route: string | undefined;
  code: string | undefined;
  /** The request's id, for the engine when a request reaches it through the app. */
  reqId: string;
  signIn: HandlerAnswer['signIn'];
}

/** One finished request, as the access log and the metrics see it. */
export interface FinishedRequest {
  method: string;
  /** The route template (`/api/auth/reset-password/:token`), never the path as sent. */
  route: string;
  status: number;
  durationMs: number;
  /** The engine's error code when it refused the request (`INVALID_EMAIL_OR_PASSWORD`). */
  code?: string;
  /** A sign-in attempt's factor and outcome, as the engine told them (`HandlerAnswer.signIn`). */
  signIn?: { factor: string; outcome: string };
}

/** Requests no route claimed, under one label, so made-up paths cannot add lines' or series' variety. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Gives each request an id (the client's well-formed `X-Request-Id`, else a fresh one), runs it
 * inside the request scope so every log line carries the id, echoes the id in the response and
 * writes one access line. The path as sent is never logged: links carry tokens in paths and queries.
 */
export function accessLog(
  logger: Logger,
  onFinished: (request: FinishedRequest) => void = () => {},
): MiddlewareHandler<{ Variables: AccessLogVariables }> {
  const finish = finishRequest(logger, onFinished);
  return async function logAccess(c, next) {
    const started = performance.now();
    const reqId = requestIdFrom(c.req.header('x-request-id'));
    c.set('reqId', reqId);
    await next();
    setHeader(c, 'x-request-id', reqId);
    const route = c.get('route') ?? templateOf(routePath(c));
    finish(reqId, started, c.req.method, {
      route,
      status: c.res.status,
      code: c.get('code'),
      signIn: c.get('signIn'),
    });
  };
}

/** How a request was answered, as the engine or the app's router tells it. */
export interface Outcome {
  route: string;
  status: number;
  code: string | undefined;
  signIn?: HandlerAnswer['signIn'];
}

/** pino's number for `info`, the access lines' level. */
const INFO = 30;

/**
 * The access line and the metrics of one finished request, from its id, start time and outcome.
 * The line is exactly what `logger.info({ reqId, method, route, status, durationMs, code, signIn },
 * 'request')` writes, built directly: every field is a known short string or number, and pino's
 * general serialiser cost about 4 of a cached get-session's 76 µs (`npm run bench:cost`).
 */
export function finishRequest(logger: Logger, onFinished: (request: FinishedRequest) => void) {
  return (reqId: string, started: number, method: string, { route, status, code, signIn }: Outcome): void => {
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const finished: FinishedRequest = { method, route, status, durationMs };
    if (code) finished.code = code;
    if (signIn) finished.signIn = signIn;
    onFinished(finished);
    if (!logger.isLevelEnabled('info')) return;
    const codeJson = code ? `,"code":${JSON.stringify(code)}` : '';
    const signInJson = signIn ? `,"signIn":${JSON.stringify(signIn)}` : '';
    logger.writeJson(
      `{"level":${INFO},"time":${Date.now()},${logger.baseJson},"reqId":${JSON.stringify(reqId)},` +
        `"method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status},` +
        `"durationMs":${durationMs}${codeJson}${signInJson},"msg":"request"}`,
    );
  };
}

/** Hono's route path of the handler that answered; its catch-all middleware means nothing answered. */
const templateOf = (path: string): string => (path === '/*' || path === '' ? UNMATCHED_ROUTE : path);

/** Responses built elsewhere (a fetch, a redirect) may have read-only headers: copy them once then. */
function setHeader(c: Parameters<MiddlewareHandler>[0], name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set(name, value);
  }
}
