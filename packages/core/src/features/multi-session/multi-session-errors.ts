/**
 * The multi-session feature's error code, part of the one catalogue (`errors.ts`), with Better
 * Auth's message and status (docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession).
 */
export const multiSessionErrors = {
  INVALID_SESSION_TOKEN: { status: 401, message: 'Invalid session token' },
} as const satisfies Record<string, { status: number; message: string }>;
