import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while a request is handled carries. */
export interface RequestScope {
  reqId: string;
}

/**
 * The request being handled, across every await: the logger adds its id to each line, so lines
 * written deep in the engine (a failed mail, a database error) are tied to their request.
 */
export const requestScope = new AsyncLocalStorage<RequestScope>();

/** Honoured ids are short and plain, so a client cannot forge log structure or flood a line. */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The client's `X-Request-Id` when it is well formed; otherwise a fresh one. */
export function requestIdFrom(header: string | undefined): string {
  return header !== undefined && WELL_FORMED_ID.test(header) ? header : crypto.randomUUID();
}
