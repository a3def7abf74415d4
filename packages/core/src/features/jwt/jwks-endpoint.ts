import { defineEndpoint } from '../../http/endpoint.ts';

/** GET /jwks (contract §10.1, §10.3): the public keys that verify this server's tokens. Public. */
export const getJwks = defineEndpoint({
  name: 'getJwks',
  method: 'GET',
  path: '/jwks',
  requires: 'none',
  async handler({ auth }) {
    // Routed only when the feature is on, so the runtime exists.
    return { keys: await auth.jwt!.keys.publishedKeys() };
  },
});
