import { AuthError } from '../../errors.ts';
import type { UserFieldChecks } from '../../ports/user-field-checks.ts';
import { usernameHolder } from './username.repository.ts';
import type { ResolvedUsername } from './username-options.ts';
import { isReserved, isValidDisplayUsername, normalizeUsername, usernameRefusal } from './username-rules.ts';

/** What the checks below refuse, at the catalogue's 400 (docs/protocol/passwordless.md#3-usernames). */
export const USERNAME_FIELD_REFUSALS = [
  'USERNAME_TOO_SHORT',
  'USERNAME_TOO_LONG',
  'INVALID_USERNAME',
  'USERNAME_IS_ALREADY_TAKEN',
  'USERNAME_IS_RESERVED',
  'INVALID_DISPLAY_USERNAME',
] as const;

/**
 * `username` and `displayUsername` on sign-up and update-user (docs/protocol/passwordless.md#3-usernames):
 * the rules on the name as typed, a name held by someone else refused, then the name stored
 * lowercased and the display name defaulting to the name as typed. Sign-up with only a display name
 * that is a valid username takes it as the username too.
 */
export function usernameChecks(config: ResolvedUsername): UserFieldChecks {
  return {
    async check(auth, values, change) {
      const checked = { ...values };
      const display = values.displayUsername as string | null | undefined;
      if (typeof display === 'string' && !isValidDisplayUsername(display)) {
        throw new AuthError('INVALID_DISPLAY_USERNAME');
      }
      let typed = values.username as string | null | undefined;
      if (change.mode === 'create' && typed === undefined && typeof display === 'string') {
        if (usernameRefusal(display) === null) typed = display;
      }
      // A display name follows a new username unless one is given with it (README: U3).
      if (typed !== undefined && display === undefined) checked.displayUsername = typed;
      if (typeof typed !== 'string') return checked;

      const refusal = usernameRefusal(typed);
      if (refusal) throw new AuthError(refusal);
      const normalized = normalizeUsername(typed);
      const holder = await usernameHolder(auth.db, normalized);
      const ownName = change.mode === 'update' && holder === change.userId;
      if (holder !== undefined && !ownName) throw new AuthError('USERNAME_IS_ALREADY_TAKEN');
      // Someone who already holds a reserved name keeps it (README: U1).
      if (!ownName && isReserved(config, typed)) throw new AuthError('USERNAME_IS_RESERVED');
      checked.username = normalized;
      return checked;
    },
  };
}
