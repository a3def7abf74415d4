import type { AdditionalFields } from '../../user/additional-fields.ts';

/**
 * `username` in the engine options (docs/protocol/passwordless.md#3-usernames). An object turns the
 * feature on (the product's `USERNAME` setting fills it); leaving it out keeps it off: its routes
 * answer 404 and user objects carry no username.
 */
export interface UsernameOptions {
  /**
   * Names nobody may take at sign-up or update-user (compared lowercased); default
   * `DEFAULT_RESERVED_USERNAMES`. Accounts that already hold one keep it.
   */
  reservedNames?: readonly string[];
}

export interface ResolvedUsername {
  /** Lowercased. */
  reservedNames: ReadonlySet<string>;
}

/**
 * Names that would let someone pass for the service or its staff, or that the web app's paths and
 * mail conventions use (README: U1).
 */
export const DEFAULT_RESERVED_USERNAMES: readonly string[] = [
  'abuse',
  'admin',
  'administrator',
  'api',
  'gatehouse',
  'help',
  'hostmaster',
  'info',
  'me',
  'moderator',
  'no_reply',
  'noreply',
  'null',
  'postmaster',
  'root',
  'security',
  'staff',
  'support',
  'system',
  'undefined',
  'webmaster',
];

/** Undefined when off (the default). */
export function resolveUsername(options: UsernameOptions | false | undefined): ResolvedUsername | undefined {
  if (!options) return undefined;
  const names = options.reservedNames ?? DEFAULT_RESERVED_USERNAMES;
  return { reservedNames: new Set(names.map((name) => name.toLowerCase())) };
}

/**
 * `user.username` (stored lowercased, unique) and `user.displayUsername` (as typed), in every user
 * object while the feature is on; both are accepted by sign-up and update-user, checked by
 * `username-checks.ts`.
 */
export function usernameFields(username: ResolvedUsername | undefined): AdditionalFields {
  if (!username) return {};
  return { username: { type: 'string' }, displayUsername: { type: 'string' } };
}
