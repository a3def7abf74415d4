import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { requireJwt } from './require-jwt.ts';

/**
 * GET /jwks (docs/protocol/jwt.md#routes, docs/protocol/jwt.md#keys-and-rotation): the public keys that
 * verify this server's tokens. Public.
 */
export const getJwks = defineEndpoint({
  name: 'getJwks',
  method: 'GET',
  path: '/jwks',
  summary: "The public keys that verify this server's JWTs",
  description: 'A JSON Web Key Set, public.',
  requires: 'none',
  response: z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string() })) }),
  errors: [],
  async handler({ auth }) {
    return { keys: await requireJwt(auth).keys.publishedKeys() };
  },
});
