import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.ts';
import { createMemoryStorage } from '../storage/memory-storage.ts';
import { createRedisStorage } from '../storage/redis-storage.ts';
import type { SecondaryStorage } from '../storage/secondary-storage.ts';
import { checkedAuth } from '../testing/answer-checker.ts';
import { startTestServer, TEST_SECRET, type TestServer } from '../testing/test-server.ts';

/** Shared storage for two engine copies: memory always, Redis whenever TEST_REDIS_URL is set. */
const backends: [string, () => SecondaryStorage][] = [['memory', () => createMemoryStorage()]];
const redisURL = process.env.TEST_REDIS_URL;
if (redisURL)
  backends.push([
    'redis',
    () => createRedisStorage(redisURL, { keyPrefix: `test:${randomBytes(4).toString('hex')}:` }),
  ]);

describe.each(backends)('revocations shared between server copies (%s)', (_, createStorage) => {
  const storage = createStorage();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', { storage });
  });
  afterAll(async () => {
    await server.close();
    await storage.close?.();
  });

  it('a session revoked through one copy is refused by another copy’s cookie cache at once', async () => {
    // A second engine on the same database and storage, as a second process would be; its
    // answers are held to the OpenAPI document too.
    const { auth: other, assertConforms } = await checkedAuth(
      createAuth({
        secret: TEST_SECRET,
        baseURL: server.url,
        database: server.database,
        storage,
        now: server.clock.now,
      }),
    );
    const laptop = server.client();
    const phone = server.client();
    const { user } = await laptop.signUp('shared@example.com');
    await phone.signIn(user.email);
    const askOther = async () => {
      const response = await other.handler(
        new Request(`${server.url}/api/auth/get-session`, { headers: { cookie: phone.jar.header() } }),
      );
      return response.json();
    };
    expect(await askOther()).not.toBeNull();
    await laptop.post('/revoke-other-sessions');
    expect(await askOther()).toBeNull();
    assertConforms();
  });
});
