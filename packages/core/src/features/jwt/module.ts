import { defineFeature } from '../feature-module.ts';
import { resolveJwt } from './jwt-config.ts';
import { jwtEndpoints } from './jwt-endpoints.ts';
import { jwksTable } from './migrations/0004-jwks-table.ts';

export const jwtModule = defineFeature({
  name: 'jwt',
  api: {
    name: 'JWT',
    description: 'The session as a signed JSON Web Token, and the public keys that verify it.',
  },
  settings: (options, core) => ({ jwt: resolveJwt(options.jwt, core.origin) }),
  migrations: { '0004-jwks-table': jwksTable },
  config: (options) => options.jwt,
  endpoints: () => jwtEndpoints,
});
