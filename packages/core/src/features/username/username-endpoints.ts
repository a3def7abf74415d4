import { isUsernameAvailable } from './is-username-available.ts';
import { signInUsername } from './sign-in-username.ts';
import type { ResolvedUsername } from './username-options.ts';

/** Sign-in by username and the availability check; sign-up and update-user take the fields through a port. */
export const usernameEndpoints = (config: ResolvedUsername) =>
  [signInUsername, isUsernameAvailable(config)] as const;
