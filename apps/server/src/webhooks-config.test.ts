import { describe, expect, it } from 'vitest';
import { productServers } from './testing/product-servers.ts';

/**
 * WEBHOOKS reaches the engine of the running product: off by default (the routes are unknown),
 * on with WEBHOOKS=on. The feature itself is tested in the engine (packages/core/src/features/webhooks/).
 */
describe('WEBHOOKS on the running product', () => {
  const start = productServers('webhooks');

  it('off by default: /api/config says webhooks: false, every /webhooks/* route answers 404 NOT_FOUND', async () => {
    const server = await start({});
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({ webhooks: false });
    const response = await fetch(`${server.url}/api/auth/webhooks/list-endpoints`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND');
  });

  it('WEBHOOKS=on: /api/config says webhooks: true, and the routes are mounted, needing a session', async () => {
    const server = await start({ WEBHOOKS: 'on', WEBHOOK_RETRY_BASE_MS: '500' });
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({ webhooks: true });
    const response = await fetch(`${server.url}/api/auth/webhooks/list-endpoints`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('UNAUTHORIZED');
  });
});
