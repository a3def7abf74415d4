import { defineEndpoint } from '../../http/endpoint.ts';

export const ok = defineEndpoint({
  name: 'ok',
  method: 'GET',
  path: '/ok',
  requires: 'none',
  async handler() {
    return { ok: true };
  },
});
