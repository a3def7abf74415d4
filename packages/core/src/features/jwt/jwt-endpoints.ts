import type { ApiFeature } from '../../http/endpoint.ts';
import { getJwks } from './jwks-endpoint.ts';
import { getToken } from './token-endpoint.ts';

/** The JWT feature's endpoints, routed only when the feature is on. */
export const jwtEndpoints = [getToken, getJwks] as const;

/** The OpenAPI tag of this feature's routes, and the `/docs/api` page's group. */
export const jwtFeature: ApiFeature = {
  name: 'JWT',
  description: 'The session as a signed JSON Web Token, and the public keys that verify it.',
};
