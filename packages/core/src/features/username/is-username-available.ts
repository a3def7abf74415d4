import { z } from 'zod';
import { AuthError } from '../../errors.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { usernameHolder } from './username.repository.ts';
import type { ResolvedUsername } from './username-options.ts';
import { isReserved, normalizeUsername, usernameRefusal } from './username-rules.ts';

/**
 * docs/protocol/passwordless.md#3-usernames: whether a name could be taken now. It tells whether a
 * *username* is held, by design, never anything about an address; a reserved name is not available.
 */
export function isUsernameAvailable(config: ResolvedUsername) {
  return defineEndpoint({
    name: 'isUsernameAvailable',
    method: 'POST',
    path: '/is-username-available',
    summary: 'Whether a username is free to take',
    description:
      'Compares the lowercased name, as sign-up does. A reserved name answers `available: false`; a name that ' +
      'breaks the rules (the empty one included) is 422.',
    body: z.object({ username: z.string().max(1024) }),
    requires: 'none',
    response: z.object({ available: z.boolean() }),
    errors: [
      ['USERNAME_TOO_SHORT', 422],
      ['USERNAME_TOO_LONG', 422],
      ['INVALID_USERNAME', 422],
    ],
    async handler({ auth, body }) {
      if (!body.username) throw new AuthError('INVALID_USERNAME', { status: 422 });
      const refusal = usernameRefusal(body.username);
      if (refusal) throw new AuthError(refusal, { status: 422 });
      if (isReserved(config, body.username)) return { available: false };
      const holder = await usernameHolder(auth.db, normalizeUsername(body.username));
      return { available: holder === undefined };
    },
  });
}
