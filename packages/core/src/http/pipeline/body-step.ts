import type { AnyEndpoint } from '../endpoint.ts';
import type { Incoming } from '../incoming.ts';
import { readBody } from '../read-body.ts';
import { readRawBody } from '../read-raw-body.ts';

/**
 * Step 3, POST only (GET routes never read a body): the body as sent, JSON or a form
 * (docs/protocol/core.md#request-bodies), or the bytes of a route that takes a file (`rawBody`).
 * Media type and size are checked here (415, 400, 413); the schema comes later.
 */
export function readPostBody(endpoint: AnyEndpoint, incoming: Incoming): Promise<unknown> {
  return endpoint.rawBody
    ? readRawBody(incoming, endpoint.rawBody)
    : readBody(incoming, endpoint.acceptsForm === true);
}
