import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One POST the receiver took in, checked with the reference Standard Webhooks verifier. */
export interface VerifiedDelivery {
  /** 1 for the first POST received, then 2, 3, … */
  n: number;
  path: string;
  /** Lower-case names, as received. */
  headers: Record<string, string>;
  rawBody: string;
  /** The body as JSON, or undefined when it is not JSON. */
  body: unknown;
  /** Whether any of the receiver's secrets verified id, timestamp, signature and body. */
  verified: boolean;
  /** The verifier's complaint when none did, else null. */
  verificationError: string | null;
  receivedAt: Date;
}

/** How to answer a delivery: a status (and headers), perhaps after a pause, or never at all. */
export type ReceiverAnswer = { status: number; headers?: Record<string, string>; afterMs?: number } | 'hang';

type Secrets = string | readonly string[];

export interface WebhookReceiverOptions {
  /** The secret(s) a delivery may be signed with, or a getter for tests that rotate them. */
  secrets: Secrets | (() => Secrets);
  /** Default: 200 to every delivery. */
  respond?: (n: number, delivery: VerifiedDelivery) => ReceiverAnswer;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:{port}/webhook`; endpoints need WEBHOOKS_ALLOW_PRIVATE_URLS to reach it. */
  url: string;
  /** Every POST received, oldest first, verified or not. */
  deliveries: VerifiedDelivery[];
  /** Resolves once `count` deliveries have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<VerifiedDelivery[]>;
  close(): Promise<void>;
}

/**
 * A webhook receiver on loopback for end-to-end tests (docs/protocol/webhooks.md#5-the-message, docs/protocol/webhooks.md#6-signature-standard-webhooks-v1). Every
 * delivery is checked by the `standardwebhooks` package rather than by Gatehouse's own signer, and
 * a failed check is recorded for the test to assert on instead of being thrown.
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions): Promise<WebhookReceiver> {
  const deliveries: VerifiedDelivery[] = [];
  const waiters = new Set<() => void>();
  const respond = options.respond ?? (() => ({ status: 200 }));

  const server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    readBody(request).then((rawBody) => {
      const delivery = record(deliveries.length + 1, request, rawBody, currentSecrets(options.secrets));
      deliveries.push(delivery);
      for (const waiter of waiters) waiter();
      answer(response, respond(delivery.n, delivery));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/webhook`,
    deliveries,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (deliveries.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(deliveries.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`webhook receiver: ${deliveries.length} of ${count} deliveries after ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close() {
      // Hanging answers keep their sockets open; close would otherwise wait for them.
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function currentSecrets(secrets: WebhookReceiverOptions['secrets']): readonly string[] {
  const value = typeof secrets === 'function' ? secrets() : secrets;
  return typeof value === 'string' ? [value] : value;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function record(
  n: number,
  request: IncomingMessage,
  rawBody: string,
  secrets: readonly string[],
): VerifiedDelivery {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  let verificationError: string | null = secrets.length === 0 ? 'no secret to verify with' : null;
  const verified = secrets.some((secret) => {
    try {
      new Webhook(secret).verify(rawBody, headers);
      return true;
    } catch (error) {
      verificationError = error instanceof Error ? error.message : String(error);
      return false;
    }
  });
  return {
    n,
    path: request.url ?? '',
    headers,
    rawBody,
    body: parseJson(rawBody),
    verified,
    verificationError: verified ? null : verificationError,
    receivedAt: new Date(),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function answer(response: ServerResponse, reply: ReceiverAnswer): void {
  if (reply === 'hang') return;
  const send = () => response.writeHead(reply.status, reply.headers).end();
  if (reply.afterMs === undefined) send();
  else setTimeout(send, reply.afterMs);
}
