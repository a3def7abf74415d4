import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireJwt } from './require-jwt.ts';
import { signUserJwt } from './sign-jwt.ts';

/**
 * GET /token (docs/protocol/jwt.md#routes): the session's JWT. Unlike the peer, the session and user are
 * read from the database, never the cookie cache: a token others trust for its lifetime carries the
 * role as stored now (README).
 */
export const getToken = defineEndpoint({
  name: 'getToken',
  method: 'GET',
  path: '/token',
  summary: 'The current session as a signed JWT',
  description: 'Verifiable with the keys at `/jwks`.',
  requires: 'sensitive',
  response: z.object({ token: z.string() }),
  errors: [],
  // A bearer credential: no browser or proxy should keep a copy.
  noStore: true,
  async handler({ auth, session: { user } }) {
    return { token: await signUserJwt(requireJwt(auth), user, auth.options.additionalFields) };
  },
});
