import { getJwks } from './jwks-endpoint.ts';
import { getToken } from './token-endpoint.ts';

/** The JWT feature's endpoints, routed only when the feature is on. */
export const jwtEndpoints = [getToken, getJwks] as const;
