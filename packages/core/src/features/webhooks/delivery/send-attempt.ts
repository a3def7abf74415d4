import { type LookupAddress, lookup as systemLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isNonPublicAddress } from './private-address.ts';
import { parseRetryAfter } from './retry-schedule.ts';

export interface AttemptRequest {
  url: string;
  /** The message bytes, fixed when the message was made (docs/protocol/webhooks.md#5-the-message). */
  body: string;
  /** webhook-id, webhook-timestamp and webhook-signature, from the caller. */
  headers: Record<string, string>;
}

export interface AttemptOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_URLS: when false, any non-public resolved address refuses the attempt. */
  allowPrivate: boolean;
  /** Until the last header byte of the answer (10 000 in production), and again for reading the answer body. */
  timeoutMs: number;
  /** Replaces dns.lookup, for tests; called once, with `all: true`. */
  lookup?: LookupFunction;
  /** Replaces the trusted roots, for tests' self-signed certificates. */
  ca?: string;
}

export type AttemptError = 'timeout' | 'connection_failed' | 'tls' | 'private_address';

export interface AttemptResult {
  /** The answer's status, 3xx included (never followed); null when no answer came. */
  responseStatus: number | null;
  durationMs: number;
  error: AttemptError | null;
  /** A failed answer's Retry-After, in ms from now. */
  retryAfterMs?: number;
  ok: boolean;
}

const MAX_BODY_BYTES = 64 * 1024;
const USER_AGENT = 'Gatehouse-Webhooks/1';

/** Codes of a connection that never carried an answer, whatever the scheme. */
const CONNECTION_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ENODATA',
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
]);
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/;

type Exchange = { status: number; retryAfter: string | null } | { error: AttemptError };

/**
 * One POST of a webhook message (docs/protocol/webhooks.md#7-delivery-retries-ordering, docs/protocol/webhooks.md#8-targets-ssrf-guard). The host is resolved once and
 * every address must be public (unless allowed); the connection is then pinned to the checked
 * address, so a second, rebinding DNS answer can never pick the target. Redirects are not
 * followed. Neither the body nor the signature is logged or returned.
 */
export async function sendAttempt(request: AttemptRequest, options: AttemptOptions): Promise<AttemptResult> {
  const started = performance.now();
  const deadline = Date.now() + options.timeoutMs;
  const outcome = await attempt(request, options, deadline);
  const durationMs = Math.round(performance.now() - started);
  if ('error' in outcome) return { responseStatus: null, durationMs, error: outcome.error, ok: false };
  const ok = outcome.status >= 200 && outcome.status < 300;
  const result: AttemptResult = { responseStatus: outcome.status, durationMs, error: null, ok };
  const retryAfterMs = ok ? undefined : parseRetryAfter(outcome.retryAfter, Date.now());
  if (retryAfterMs !== undefined) result.retryAfterMs = retryAfterMs;
  return result;
}

async function attempt(
  request: AttemptRequest,
  options: AttemptOptions,
  deadline: number,
): Promise<Exchange> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { error: 'connection_failed' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'connection_failed' };
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;

  const resolved = await withDeadline(resolveAll(host, options.lookup ?? systemLookup), deadline);
  if (resolved === 'timeout') return { error: 'timeout' };
  if (resolved === undefined) return { error: 'connection_failed' };
  if (!options.allowPrivate && resolved.some((entry) => isNonPublicAddress(entry.address))) {
    return { error: 'private_address' };
  }
  const [pinned] = resolved;
  if (!pinned) return { error: 'connection_failed' };
  return exchange(url, host, pinned, request, options, deadline);
}

/** Every address of the host (an IP literal is its own), or undefined when resolution failed. */
function resolveAll(host: string, lookup: LookupFunction): Promise<LookupAddress[] | undefined> {
  const family = isIP(host);
  if (family !== 0) return Promise.resolve([{ address: host, family }]);
  return new Promise((resolve) => {
    lookup(host, { all: true }, (error, addresses, family) => {
      if (error) resolve(undefined);
      else if (typeof addresses === 'string')
        resolve([{ address: addresses, family: family ?? isIP(addresses) }]);
      else resolve(addresses);
    });
  });
}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
  });
  return Promise.race([work, expiry]).finally(() => clearTimeout(timer));
}

/** node:net asks this instead of DNS: the one address already checked, whichever form it asks in. */
function pinnedLookup(pinned: LookupAddress): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

function exchange(
  url: URL,
  host: string,
  pinned: LookupAddress,
  request: AttemptRequest,
  options: AttemptOptions,
  deadline: number,
): Promise<Exchange> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve) => {
    let settled = false;
    let connected = false;
    let handshaken = false;
    let answered = false;
    const settle = (outcome: Exchange) => {
      clearTimeout(timer);
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const send = secure ? httpsRequest : httpRequest;
    const outgoing = send(url, {
      method: 'POST',
      headers: messageHeaders(request),
      // A fresh connection per attempt: a pooled socket could lead to an address checked earlier.
      agent: false,
      lookup: pinnedLookup(pinned),
      // SNI and the certificate check name the host as written, not the pinned address.
      ...(secure && isIP(host) === 0 ? { servername: host } : {}),
      ...(secure && options.ca !== undefined ? { ca: options.ca } : {}),
    });
    const timer = setTimeout(
      () => {
        settle({ error: 'timeout' });
        outgoing.destroy();
      },
      Math.max(0, deadline - Date.now()),
    );
    outgoing.on('socket', (socket) => {
      socket.once('connect', () => {
        connected = true;
      });
      socket.once('secureConnect', () => {
        handshaken = true;
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // Once the headers are in, only the status counts; a broken body is not a failed attempt.
      if (answered) return;
      settle({ error: classify(error, secure && connected && !handshaken) });
    });
    outgoing.on('response', (response) => {
      answered = true;
      clearTimeout(timer);
      const retryAfter = response.headers['retry-after'] ?? null;
      const status = response.statusCode ?? 0;
      discardBody(response, options.timeoutMs).then(() => settle({ status, retryAfter }));
    });
    outgoing.end(request.body);
  });
}

function messageHeaders(request: AttemptRequest): Record<string, string> {
  const ours: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'content-length': String(Buffer.byteLength(request.body)),
  };
  const theirs = Object.entries(request.headers).filter(([name]) => !(name.toLowerCase() in ours));
  return { ...Object.fromEntries(theirs), ...ours };
}

function classify(error: NodeJS.ErrnoException, duringHandshake: boolean): AttemptError {
  const code = error.code ?? '';
  if (CONNECTION_CODES.has(code)) return 'connection_failed';
  if (duringHandshake || TLS_CODE.test(code)) return 'tls';
  return 'connection_failed';
}

/**
 * Reads at most 64 KiB of the answer, within its own timeout, and throws it away (docs/protocol/webhooks.md#46-get-webhookslist-deliveriesendpointidlimitcursor): the
 * receiver's words are not stored, and a huge or endless body must not hold the worker.
 */
function discardBody(response: IncomingMessage, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    let received = 0;
    const stop = () => {
      clearTimeout(timer);
      response.destroy();
      resolve();
    };
    const timer = setTimeout(stop, timeoutMs);
    response.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= MAX_BODY_BYTES) stop();
    });
    response.once('end', stop);
    response.once('error', stop);
    response.once('close', stop);
  });
}
