import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import { type Person, person, startKeyServer, storedRow } from './test-kit.ts';

/**
 * K15 (docs/protocol/api-key.md#decisions-for-gatehouse): a use that moves no counter writes the
 * last use at most once a second per address and user agent; a counted use is written every time.
 */
describe.each(testDialects())('the last use of a key (%s)', (dialect) => {
  let server: TestServer;
  let owner: Person;
  beforeAll(async () => {
    server = await startKeyServer(dialect);
    owner = await person(server, 'owner');
  });
  afterAll(() => server.close());

  /** A key made by the app's server code, which alone may turn the key's rate limit off. */
  async function keyWithout(limits: { remaining?: number } = {}) {
    return (await server.auth.api.createApiKey({
      body: { userId: owner.id, rateLimitEnabled: false, ...limits },
    })) as { id: string; key: string };
  }

  const use = (key: string, userAgent = 'ci/1', ip = '203.0.113.7') =>
    fetch(`${server.url}${server.auth.options.basePath}/get-session`, {
      headers: { 'x-api-key': key, 'user-agent': userAgent, 'x-forwarded-for': ip },
    });

  const lastUse = async (id: string) => {
    const row = await storedRow(server, id);
    return {
      lastRequest: row?.lastRequest == null ? null : new Date(row.lastRequest as string).getTime(),
      updatedAt: new Date(row?.updatedAt as string).getTime(),
      lastRequestUserAgent: row?.lastRequestUserAgent,
      remaining: row?.remaining,
    };
  };

  it('a second use within a second from the same caller writes nothing; a second later it does', async () => {
    const { id, key } = await keyWithout();
    expect((await use(key)).status).toBe(200);
    const first = await lastUse(id);
    expect(first.lastRequest).toBe(server.clock.now());

    server.clock.advance(0.5);
    expect((await use(key)).status).toBe(200);
    expect(await lastUse(id)).toEqual(first);

    server.clock.advance(0.5);
    expect((await use(key)).status).toBe(200);
    const later = await lastUse(id);
    expect(later.lastRequest).toBe(server.clock.now());
    expect(later.updatedAt).toBe(server.clock.now());
  });

  it('a use from another user agent within the second is written at once', async () => {
    const { id, key } = await keyWithout();
    expect((await use(key, 'ci/1')).status).toBe(200);
    server.clock.advance(0.1);
    expect((await use(key, 'deploy-bot/2')).status).toBe(200);
    expect(await lastUse(id)).toMatchObject({
      lastRequest: server.clock.now(),
      lastRequestUserAgent: 'deploy-bot/2',
    });
  });

  it('a key with remaining uses is counted on every use, however close together', async () => {
    const { id, key } = await keyWithout({ remaining: 3 });
    for (const left of [2, 1, 0]) {
      expect((await use(key)).status).toBe(200);
      expect((await lastUse(id)).remaining).toBe(left);
    }
  });

  it('a key with its rate limit on is counted on every use', async () => {
    const created = (await server.auth.api.createApiKey({
      body: { userId: owner.id, rateLimitEnabled: true, rateLimitMax: 2, rateLimitTimeWindow: 60_000 },
    })) as { id: string; key: string };
    expect((await use(created.key)).status).toBe(200);
    expect((await use(created.key)).status).toBe(200);
    const refused = await use(created.key);
    expect(refused.status).toBe(429);
    expect((await storedRow(server, created.id))?.requestCount).toBe(2);
  });
});
