import type { AuthContext } from '../../context.ts';
import type { ResolvedSession } from '../../session/resolve-session.ts';
import { Answer, answerFromResponse } from '../answer.ts';
import type { AnyEndpoint, EndpointResult } from '../endpoint.ts';
import type { RequestContext } from '../request-context.ts';
import { jsonResponse } from '../respond.ts';

/**
 * Step 7: the handler, given what the steps before it parsed and checked (positional, so the
 * handler's input is the one object built per request).
 */
export function runHandler(
  auth: AuthContext,
  endpoint: AnyEndpoint,
  request: RequestContext,
  body: unknown,
  query: unknown,
  params: Record<string, string>,
  session: ResolvedSession | null | undefined,
): Promise<EndpointResult> {
  return endpoint.handler({ auth, request, body, query, params, session });
}

/**
 * What a handler returned, as the answer: data as 200 JSON, a ready `Answer` or a `Response` as
 * they are; either way with the cookies and headers the request queued.
 */
export function answerOf(result: EndpointResult, request: RequestContext): Answer {
  if (result instanceof Answer || result instanceof Response) {
    const ready = result instanceof Answer ? result : answerFromResponse(result);
    for (const cookie of request.setCookies) ready.headers.push(['set-cookie', cookie]);
    return ready;
  }
  return jsonResponse(result, 200, request.setCookies, request.headers);
}
