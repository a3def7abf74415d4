import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';

export const ok = defineEndpoint({
  name: 'ok',
  method: 'GET',
  path: '/ok',
  summary: 'Health check of the engine',
  requires: 'none',
  response: z.object({ ok: z.literal(true) }),
  errors: [],
  async handler() {
    return { ok: true };
  },
});
