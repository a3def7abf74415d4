/**
 * What ties a log line or a sent message to the request that caused it: the id the host gave the
 * request (`ConnectionInfo.requestId`). It is handed along explicitly rather than kept in async
 * context: on Node 20 an AsyncLocalStorage makes every promise of every request pay for hooks,
 * about a sixth of a get-session answer's cost (bench/README.md).
 */
export interface LogContext {
  readonly requestId?: string;
}
