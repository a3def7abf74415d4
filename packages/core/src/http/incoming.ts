import { readLimitedBytes } from './read-limited.ts';
import { isServerCall } from './server-call.ts';

/**
 * What the pipeline reads of a request, whichever server received it: a web `Request`
 * (`auth.handler`, `auth.api`) or Node's `IncomingMessage` (`node-handler.ts`). Only this is
 * read, so neither server has to build the other's request object.
 */
export interface Incoming {
  readonly method: string;
  /** The path as WHATWG URL parsing normalises it (the same as `url.pathname`). */
  readonly pathname: string;
  /** The query with its `?`, or '' when there is none (the same as `url.search`). */
  readonly search: string;
  /**
   * The absolute URL, its origin taken from the Host header as the client sent it. Servers may
   * build it on first use: most requests need only the path and the query.
   */
  readonly url: URL;
  /** A header's value (names lower-case); repeated headers joined as their server joins them. */
  header(name: string): string | null;
  /**
   * The body's bytes (empty when there is none), refused with 413 PAYLOAD_TOO_LARGE as soon as
   * they pass `maxBytes`: counted while they arrive, so a body without Content-Length (or
   * understating it) cannot get past the limit. Read at most once.
   */
  readBytes(maxBytes: number): Promise<Buffer>;
  /** Lets go of a body that will not be read. */
  discardBody(): void;
  /** Built by `auth.api` on this server rather than received over HTTP (`server-call.ts`). */
  readonly serverCall: boolean;
}

/** A web-standard Request as the pipeline reads it. */
export function incomingFromRequest(request: Request, url: URL): Incoming {
  return {
    method: request.method,
    pathname: url.pathname,
    search: url.search,
    url,
    header: (name) => request.headers.get(name),
    readBytes: (maxBytes) => readLimitedBytes(request.body, maxBytes),
    discardBody: () => void request.body?.cancel().catch(() => undefined),
    serverCall: isServerCall(request),
  };
}
