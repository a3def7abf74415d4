import { defineEndpoint } from '../../http/endpoint.ts';
import { RawJson } from '../../http/respond.ts';

/** The OpenAPI 3.1 description of every route this engine answers (README: API description). */
export const openApiJson = defineEndpoint({
  name: 'openApiJson',
  method: 'GET',
  path: '/openapi.json',
  requires: 'none',
  errors: [],
  async handler({ auth }) {
    return new RawJson(auth.apiDocument());
  },
});
