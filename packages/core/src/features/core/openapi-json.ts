import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { RawJson } from '../../http/respond.ts';

/** The OpenAPI 3.1 description of every route this engine answers (docs/api.md#api-description). */
export const openApiJson = defineEndpoint({
  name: 'openApiJson',
  method: 'GET',
  path: '/openapi.json',
  summary: 'This OpenAPI document',
  description: 'Lists only the routes of the features this server has on.',
  requires: 'none',
  response: z.looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    servers: z.array(z.object({ url: z.string() })),
    paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
    components: z.looseObject({}),
  }),
  errors: [],
  async handler({ auth }) {
    return new RawJson(auth.apiDocument());
  },
});
