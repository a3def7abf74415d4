/**
 * The import feature's error codes, part of the one catalogue (`errors.ts`)
 * (docs/protocol/import.md#8-admin-http-route-decision).
 */
export const importErrors = {
  YOU_ARE_NOT_ALLOWED_TO_IMPORT_USERS: { status: 403, message: 'You are not allowed to import users' },
  /** Sent with `errors`, every problem found (docs/protocol/import.md#2-the-summary-decision). */
  IMPORT_INVALID: { status: 400, message: 'Import refused: {count} records have errors' },
} as const satisfies Record<string, { status: number; message: string }>;
