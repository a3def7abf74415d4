import type { ResolvedUsername } from './username-options.ts';

export const MIN_USERNAME_LENGTH = 3;
export const MAX_USERNAME_LENGTH = 30;
/** Better Auth does not bound it; Gatehouse does (README: U2). */
export const MAX_DISPLAY_USERNAME_LENGTH = 64;

export type UsernameRefusal = 'USERNAME_TOO_SHORT' | 'USERNAME_TOO_LONG' | 'INVALID_USERNAME';

/**
 * The rules of docs/protocol/passwordless.md#3-usernames, on the name as typed (before lowercasing):
 * 3 to 30 characters, each a letter, a digit, `_` or `.`. Null when the name passes.
 */
export function usernameRefusal(name: string): UsernameRefusal | null {
  if (name.length < MIN_USERNAME_LENGTH) return 'USERNAME_TOO_SHORT';
  if (name.length > MAX_USERNAME_LENGTH) return 'USERNAME_TOO_LONG';
  if (!/^[A-Za-z0-9_.]+$/.test(name)) return 'INVALID_USERNAME';
  return null;
}

/** The stored form: uniqueness and sign-in compare it, so letter case never matters. */
export const normalizeUsername = (name: string): string => name.toLowerCase();

export const isReserved = (config: ResolvedUsername, name: string): boolean =>
  config.reservedNames.has(normalizeUsername(name));

/**
 * A display name is shown beside the username: any printable text up to 64 characters, never a
 * control character (a NUL or a line break would let it pass for something else on a page or in a log).
 */
export function isValidDisplayUsername(value: string): boolean {
  return value.length <= MAX_DISPLAY_USERNAME_LENGTH && !/\p{Cc}/u.test(value);
}
