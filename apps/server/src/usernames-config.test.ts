import { describe, expect, it } from 'vitest';
import { productServers } from './testing/product-servers.ts';

/**
 * USERNAME and MULTI_SESSION reach the engine of the running product and `/api/config`: off by
 * default (the routes are unknown), on when set. The features themselves are tested in the engine
 * (packages/core/src/features/username/, packages/core/src/features/multi-session/).
 */
describe('USERNAME and MULTI_SESSION on the running product', () => {
  const start = productServers('usernames');

  it('off by default: /api/config says both false, and their routes answer 404 NOT_FOUND', async () => {
    const server = await start({});
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({
      usernames: false,
      multiSession: false,
    });
    for (const path of ['/is-username-available', '/multi-session/list-device-sessions']) {
      const response = await fetch(`${server.url}/api/auth${path}`, {
        method: path.startsWith('/multi') ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: path.startsWith('/multi') ? undefined : JSON.stringify({ username: 'someone' }),
      });
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { code: string }).code).toBe('NOT_FOUND');
    }
  });

  it('on: /api/config says both true, and the routes answer', async () => {
    const server = await start({ USERNAME: 'on', MULTI_SESSION: 'on' });
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({
      usernames: true,
      multiSession: true,
    });
    const available = await fetch(`${server.url}/api/auth/is-username-available`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ username: 'someone' }),
    });
    expect(await available.json()).toEqual({ available: true });
    const listed = await fetch(`${server.url}/api/auth/multi-session/list-device-sessions`);
    expect(await listed.json()).toEqual([]);
  });
});
