import { randomUUID } from 'node:crypto';

/** Honoured ids are short and plain, so a client cannot forge log structure or flood a line. */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The client's `X-Request-Id` when it is well formed; otherwise a fresh one. The id is echoed in
 * the answer, written on its access line, and handed to the engine (`ConnectionInfo.requestId`),
 * which passes it with every log line and message the request causes.
 */
export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && WELL_FORMED_ID.test(header) ? header : randomUUID();
}
