/**
 * Whether a failure means the database could not be reached or could not answer in time, rather
 * than a bug or bad input: the request may well succeed later, so the client hears
 * `503 SERVICE_UNAVAILABLE` instead of a 500. The cause chain is followed, since endpoints wrap
 * driver errors in their own (`FAILED_TO_CREATE_USER` with the driver's error as `cause`).
 */
export function isServiceUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isUnavailableHere(current)) return true;
    if (current instanceof AggregateError && current.errors.some((inner) => isServiceUnavailable(inner)))
      return true;
    current = current.cause;
  }
  return false;
}

/** Node's socket errors when a server cannot be reached or the link breaks. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), class 53 (insufficient resources, such
 * as too many connections), 57P01–57P03 (the server shuts down or is starting), 57014 (the
 * statement timeout cancelled the query), 25P03 (an idle transaction timed out).
 */
const POSTGRES_STATE = /^(08|53|57P0[1-3]$|57014$|25P03$)/;

/** node-postgres's own messages for a link that failed or a wait that ran out (no code). */
const POSTGRES_CLIENT_MESSAGES =
  /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

function isUnavailableHere(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code) || POSTGRES_STATE.test(code)) return true;
    // SQLite: another writer held the lock for the whole busy timeout.
    if (code === 'SQLITE_BUSY') return true;
    // A migration changed a table under a connection's prepared statement: that connection is
    // dropped (`postgres-pool.ts`), and the same request succeeds again on a fresh one.
    if (code === '0A000' && error.message.includes('cached plan must not change result type')) return true;
    return false;
  }
  return POSTGRES_CLIENT_MESSAGES.test(error.message);
}
