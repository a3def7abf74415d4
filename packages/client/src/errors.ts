/** A failed call: the HTTP status and the server's `{ code, message }`. */
export class GatehouseError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field-level details of a VALIDATION_ERROR. */
  readonly issues: { path: string; message: string }[] | undefined;

  constructor(status: number, code: string, message: string, issues?: { path: string; message: string }[]) {
    super(message);
    this.name = 'GatehouseError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** The error for a request that never got an answer (offline, DNS, refused connection). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
