import { describe, expect, it } from 'vitest';
import type { RunningServer } from './start-server.ts';
import { productServers } from './testing/product-servers.ts';

/**
 * API_KEYS and the API_KEY_* limits reach the engine and `GET /api/config` of the running product.
 * The keys themselves are tested in the engine (packages/core/src/features/api-key/).
 */
describe('API_KEYS and the API_KEY_* limits on the running product', () => {
  const start = productServers('api-keys');

  /** A signed-up person's cookie on the server. */
  const signedUp = async (server: RunningServer, email: string): Promise<string> => {
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ name: 'Key Holder', email, password: 'correct horse battery' }),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  };
  const createKey = (server: RunningServer, cookie: string, body: object) =>
    fetch(`${server.url}/api/auth/api-key/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie },
      body: JSON.stringify(body),
    });
  const getSession = (server: RunningServer, key: string) =>
    fetch(`${server.url}/api/auth/get-session`, { headers: { 'x-api-key': key } });

  it('on by default: /api/config says so, and a new key gets API_KEY_RATE_LIMIT_* and API_KEY_MAX_EXPIRES_IN', async () => {
    expect(await (await fetch(`${(await start({})).url}/api/config`)).json()).toMatchObject({
      apiKeys: true,
    });

    const server = await start({
      API_KEY_RATE_LIMIT_MAX: '2',
      API_KEY_RATE_LIMIT_WINDOW: '3600',
      API_KEY_MAX_EXPIRES_IN: '172800',
      API_KEY_DEFAULT_EXPIRES_IN: '86400',
    });
    const cookie = await signedUp(server, 'holder@example.com');
    const tooLong = await createKey(server, cookie, { name: 'ci', expiresIn: 172_801 });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { code: string }).code).toBe('EXPIRES_IN_IS_TOO_LARGE');

    const created = await createKey(server, cookie, { name: 'ci' });
    expect(created.status).toBe(200);
    const key = (await created.json()) as {
      key: string;
      rateLimitMax: number;
      rateLimitTimeWindow: number;
      expiresAt: string;
      createdAt: string;
    };
    expect(key).toMatchObject({ rateLimitMax: 2, rateLimitTimeWindow: 3_600_000 });
    expect(Date.parse(key.expiresAt) - Date.parse(key.createdAt)).toBe(86_400_000);

    expect((await getSession(server, key.key)).status).toBe(200);
    expect((await getSession(server, key.key)).status).toBe(200);
    const limited = await getSession(server, key.key);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED');
  });

  it('API_KEYS=off: no key routes, x-api-key is ignored, and /api/config says apiKeys: false', async () => {
    const server = await start({ API_KEYS: 'off' });
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({ apiKeys: false });
    const cookie = await signedUp(server, 'nokeys@example.com');
    expect((await createKey(server, cookie, { name: 'ci' })).status).toBe(404);
    const ignored = await getSession(server, `gth_${'a'.repeat(62)}`);
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toBeNull();
  });
});
