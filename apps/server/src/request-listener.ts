import type { RequestListener } from 'node:http';
import type { Auth, HandlerAnswer } from '@gatehouse/core';
import { getRequestListener } from '@hono/node-server';
import { type FinishedRequest, finishRequest, UNMATCHED_ROUTE } from './observability/access-log.ts';
import type { Logger } from './observability/logger.ts';
import { requestIdFrom } from './observability/request-id.ts';

export interface ListenerDeps {
  auth: Auth;
  /** The product's own routes: health, readiness, metrics, the web app (`app.ts`). */
  app: { fetch: Parameters<typeof getRequestListener>[0] };
  /** Where the access lines of engine requests go; the app logs its own (`accessLog`). */
  logger?: Logger;
  onFinished?: (request: FinishedRequest) => void;
}

/**
 * The product's `node:http` listener. Requests under the engine's base path — every call an app
 * makes, most of them get-session — go straight to the engine's Node handler, which writes its
 * answer without web Request/Response objects (bench/README.md); each gets a request id, an access
 * line and its metrics here. Everything else goes to the Hono app.
 */
export function createRequestListener({
  auth,
  app,
  logger,
  onFinished = () => {},
}: ListenerDeps): RequestListener {
  const toApp = getRequestListener(app.fetch);
  const prefix = `${auth.options.basePath}/`;
  const base = auth.options.basePath;
  const finish = logger ? finishRequest(logger, onFinished) : undefined;
  // The engine names its routes without the base path; each full template is made once and
  // reused, so every request of a route hands the logs and metrics the same string.
  const templates = new Map<string, string>();
  const templateOf = (route: string): string => {
    let template = templates.get(route);
    if (template === undefined) {
      template = `${base}${route}`;
      templates.set(route, template);
    }
    return template;
  };

  return (request, response) => {
    if (!request.url?.startsWith(prefix)) {
      void toApp(request, response);
      return;
    }
    if (!logger || !finish) {
      void auth.nodeHandler(request, response);
      return;
    }
    const started = performance.now();
    const header = request.headers['x-request-id'];
    const reqId = requestIdFrom(typeof header === 'string' ? header : undefined);
    let answered: HandlerAnswer = { route: undefined, code: undefined, status: 500 };
    const connection = {
      requestId: reqId,
      headers: [['x-request-id', reqId]] as [string, string][],
      onAnswer: (answer: HandlerAnswer) => {
        answered = answer;
      },
    };
    auth.nodeHandler(request, response, connection).then(
      () => {
        const route = answered.route ? templateOf(answered.route) : UNMATCHED_ROUTE;
        finish(reqId, started, request.method ?? 'GET', {
          route,
          status: answered.status,
          code: answered.code,
          signIn: answered.signIn,
        });
      },
      (error: unknown) => {
        logger.error({ err: error, reqId }, 'request failed');
        response.destroy();
      },
    );
  };
}
