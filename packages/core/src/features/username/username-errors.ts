/**
 * The username feature's error codes, part of the one catalogue (`errors.ts`), with Better Auth's
 * messages (docs/protocol/passwordless.md#3-usernames). The name rules answer 400 on sign-up and
 * update-user and 422 on `/sign-in/username` and `/is-username-available`, given per route.
 */
export const usernameErrors = {
  INVALID_USERNAME_OR_PASSWORD: { status: 401, message: 'Invalid username or password' },
  USERNAME_IS_ALREADY_TAKEN: { status: 400, message: 'Username is already taken. Please try another.' },
  USERNAME_TOO_SHORT: { status: 400, message: 'Username is too short' },
  USERNAME_TOO_LONG: { status: 400, message: 'Username is too long' },
  INVALID_USERNAME: { status: 400, message: 'Username is invalid' },
  INVALID_DISPLAY_USERNAME: { status: 400, message: 'Display username is invalid' },
  // Gatehouse's own (README: U1): Better Auth reserves no names.
  USERNAME_IS_RESERVED: { status: 400, message: 'This username is reserved. Please try another.' },
} as const satisfies Record<string, { status: number; message: string }>;
