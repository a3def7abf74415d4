/**
 * One field's problem in a VALIDATION_ERROR: `message` is the server's English detail, `kind` what
 * is wrong in a word a client can translate (`required`, `too_long`, `invalid_format`, …), with the
 * bound broken (`limit`) or the expected format where there is one.
 */
export interface ValidationIssue {
  path: string;
  message: string;
  kind?: string;
  limit?: number;
  format?: string;
}

/** A failed call: the HTTP status and the server's `{ code, message }`. */
export class GatehouseError extends Error {
  readonly status: number;
  readonly code: string;
  /** Field-level details of a VALIDATION_ERROR. */
  readonly issues: ValidationIssue[] | undefined;

  constructor(status: number, code: string, message: string, issues?: ValidationIssue[]) {
    super(message);
    this.name = 'GatehouseError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** The error for a request that never got an answer (offline, DNS, refused connection). */
export const NETWORK_ERROR = 'NETWORK_ERROR';
