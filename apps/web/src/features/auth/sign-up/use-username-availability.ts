import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client.ts';

/**
 * Asks the server whether a username is free (/is-username-available), for the check on leaving
 * the field. `isFree(name)` holds only for the name last answered free, so a name typed since is
 * never announced free before it is asked about.
 */
export function useUsernameAvailability(
  onTaken: (name: string) => void,
  onRefused: (error: unknown) => void,
) {
  const check = useMutation({
    mutationFn: (username: string) => authClient.isUsernameAvailable({ username }),
    onSuccess: ({ available }, username) => {
      if (!available) onTaken(username);
    },
    onError: onRefused,
  });
  return {
    check: (username: string) => check.mutate(username),
    isFree: (username: string) => check.data?.available === true && check.variables === username,
  };
}
