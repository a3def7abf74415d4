import { incomingFromRequest } from '../http/incoming.ts';
import { RequestContext } from '../http/request-context.ts';
import { RequestOutcome } from '../http/request-outcome.ts';
import type { TestServer } from './test-server.ts';

/**
 * A request as the pipeline hands it to a handler, for tests that call a step directly on the
 * test server's context: what it records (the audit trail) reads its address and user agent.
 */
export function testRequest(
  server: TestServer,
  path = '/',
  headers: Record<string, string> = {},
): RequestContext {
  const url = new URL(`${server.auth.options.basePath}${path}`, server.url);
  const incoming = incomingFromRequest(new Request(url, { headers }), url);
  return new RequestContext(incoming, '127.0.0.1', undefined, new RequestOutcome());
}
