import { getJwks } from './jwt/jwks-endpoint.ts';
import { getToken } from './jwt/token-endpoint.ts';

/** The JWT feature's endpoints, routed only when the feature is on. */
export const jwtEndpoints = [getToken, getJwks] as const;
