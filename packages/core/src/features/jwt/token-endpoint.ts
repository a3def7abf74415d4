import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireJwt } from './require-jwt.ts';
import { signUserJwt } from './sign-jwt.ts';

/** GET /token (docs/protocol/jwt.md#routes): the session's JWT. The cookie cache may answer the session. */
export const getToken = defineEndpoint({
  name: 'getToken',
  method: 'GET',
  path: '/token',
  summary: 'The current session as a signed JWT',
  description: 'Verifiable with the keys at `/jwks`.',
  requires: 'session',
  response: z.object({ token: z.string() }),
  errors: [],
  // A bearer credential: no browser or proxy should keep a copy.
  noStore: true,
  async handler({ auth, session: { user } }) {
    return { token: await signUserJwt(requireJwt(auth), user, auth.options.additionalFields) };
  },
});
