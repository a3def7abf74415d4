import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AuthError } from '../errors.ts';
import type { Answer } from './answer.ts';
import type { ConnectionInfo, Pipeline } from './handler.ts';
import type { Incoming } from './incoming.ts';
import { errorResponse } from './respond.ts';
import { sendAtTurnEnd } from './turn-writes.ts';

/** The engine as a `node:http` request handler (`auth.nodeHandler`), for Node servers and frameworks. */
export type NodeAuthHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  connection?: ConnectionInfo,
) => Promise<void>;

/**
 * The pipeline served straight from Node's request and response objects: no web `Request`,
 * `Headers` or `Response` is built on the way (most answers are a short JSON text), which is most
 * of what a framework adapter costs on the hot path (bench/README.md). The peer address is the
 * socket's unless the host says otherwise.
 */
export function nodeHandler(pipeline: Pipeline): NodeAuthHandler {
  return async (request, response, connection) => {
    const incoming = incomingFromNode(request);
    const info = { remoteAddress: request.socket.remoteAddress, ...connection };
    const answer =
      incoming === null
        ? errorResponse(new AuthError('MALFORMED_REQUEST'), [], connection?.headers?.slice())
        : await pipeline(incoming, info);
    if (incoming === null) info.onAnswer?.({ route: undefined, code: 'MALFORMED_REQUEST', status: 400 });
    await writeAnswer(response, answer);
  };
}

/**
 * Request targets that WHATWG URL parsing leaves exactly as sent: an absolute path and query of
 * plain characters, without dot segments (`.`, `..`, or their `%2e` spellings) that parsing would
 * resolve. Most requests are like this, and their path and query are read off the string; any
 * other target is parsed in full.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/%?]*$/;
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:[/?]|$)/i;
/** Host headers that parse to themselves: a name or IPv4 address and an optional port. */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$/;

/**
 * A Node request as the pipeline reads it, or null when its target cannot be a URL: a Host header
 * that is not a host, or a backslash in the path (which URL parsing would quietly turn into a
 * slash, so the path routed would not be the path sent).
 */
export function incomingFromNode(request: IncomingMessage): Incoming | null {
  const target = request.url ?? '/';
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (path.includes('\\')) return null;
  const host = request.headers.host ?? 'localhost';
  const origin = `${isEncrypted(request) ? 'https' : 'http'}://${host}`;
  let url: URL | undefined;
  let pathname = path;
  let search = query === -1 || query === target.length - 1 ? '' : target.slice(query);
  if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(path) || !PLAIN_HOST.test(host)) {
    try {
      url = /^https?:\/\//i.test(target) ? new URL(target) : new URL(`${origin}${target}`);
    } catch {
      return null;
    }
    pathname = url.pathname;
    search = url.search;
  }
  return new NodeIncoming(request, pathname, search, url, origin, target);
}

/**
 * A class rather than an object literal with a `get url()`: V8 gives every such literal a hidden
 * class of its own, kept in old space and pointing at the getter's closure, so each request (its
 * headers and all) outlived the young generation's collections, which then took milliseconds each
 * and made the slowest answers several times slower (bench/README.md, "Garbage collection").
 */
class NodeIncoming implements Incoming {
  readonly method: string;
  readonly serverCall = false;

  constructor(
    private readonly request: IncomingMessage,
    readonly pathname: string,
    readonly search: string,
    private parsedUrl: URL | undefined,
    private readonly origin: string,
    private readonly target: string,
  ) {
    this.method = request.method ?? 'GET';
  }

  get url(): URL {
    this.parsedUrl ??= new URL(`${this.origin}${this.target}`);
    return this.parsedUrl;
  }

  header(name: string): string | null {
    const value = this.request.headers[name];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  readBytes(maxBytes: number): Promise<Buffer> {
    return readNodeBody(this.request, maxBytes);
  }

  discardBody(): void {
    this.request.resume();
  }
}

const isEncrypted = (request: IncomingMessage): boolean =>
  (request.socket as { encrypted?: boolean }).encrypted === true;

/**
 * The body's bytes, refused with 413 once they pass `maxBytes`. The rest of a refused body is read
 * and dropped rather than the socket destroyed, so the 413 still reaches the client.
 */
function readNodeBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      request.resume();
      reject(new AuthError('PAYLOAD_TOO_LARGE'));
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    const stop = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}

/** Statuses that never carry a body (RFC 9110 section 6.4.1). */
const BODILESS = new Set([204, 304]);

/**
 * Writes an answer with one `writeHead` and one `end`: text and bytes go out with their length,
 * so Node sends headers and body together, at the end of the event loop's turn with the other
 * answers it finished (`turn-writes.ts`); a stream is piped as it comes, and a failure in it ends
 * the socket.
 */
export async function writeAnswer(response: ServerResponse, answer: Answer): Promise<void> {
  const headers: string[] = [];
  for (const [name, value] of answer.headers) headers.push(name, value);
  const { body, status } = answer;
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) {
    if (!BODILESS.has(status)) {
      const length = body === null ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
      headers.push('content-length', String(length));
    }
    return sendAtTurnEnd(() => {
      response.writeHead(status, headers);
      response.end(body ?? undefined);
    });
  }
  response.writeHead(status, headers);
  await new Promise<void>((resolve) => {
    Readable.fromWeb(body as NodeReadableStream<Uint8Array>)
      .on('error', () => {
        response.destroy();
        resolve();
      })
      .pipe(response)
      .on('finish', resolve)
      .on('close', resolve);
  });
}
