import { defineEndpoint } from '../../http/endpoint.ts';
import { signUserJwt } from './sign-jwt.ts';

/** GET /token (contract §10.1): the session's JWT. The cookie cache may answer the session. */
export const getToken = defineEndpoint({
  name: 'getToken',
  method: 'GET',
  path: '/token',
  requires: 'session',
  // A bearer credential: no browser or proxy should keep a copy.
  noStore: true,
  async handler({ auth, session: { user } }) {
    // Routed only when the feature is on, so the runtime exists.
    return { token: await signUserJwt(auth.jwt!, user, auth.options.additionalFields) };
  },
});
