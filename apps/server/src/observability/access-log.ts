import type { HandlerAnswer } from '@gatehouse/core';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from './logger.ts';
import { requestIdFrom, requestScope } from './request-scope.ts';

/** The Hono variables the access log reads: the engine names its route template here. */
export interface AccessLogVariables {
  route: string | undefined;
  code: string | undefined;
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
  return async function logAccess(c, next) {
    const started = performance.now();
    const reqId = requestIdFrom(c.req.header('x-request-id'));
    await requestScope.run({ reqId }, next);
    setHeader(c, 'x-request-id', reqId);
    const finished: FinishedRequest = {
      method: c.req.method,
      route: c.get('route') ?? templateOf(routePath(c)),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    };
    const code = c.get('code');
    if (code) finished.code = code;
    const signIn = c.get('signIn');
    if (signIn) finished.signIn = signIn;
    onFinished(finished);
    logger.info({ reqId, ...finished }, 'request');
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
