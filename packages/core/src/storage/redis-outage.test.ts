import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.ts';
import { checkedAuth } from '../testing/answer-checker.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { startTestServer, TEST_SECRET, type TestClient, type TestServer } from '../testing/test-server.ts';
import { createRedisStorage } from './redis-storage.ts';
import type { SecondaryStorage } from './secondary-storage.ts';

const redisURL = process.env.TEST_REDIS_URL;

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function timedGet(client: TestClient, path: string) {
  const start = performance.now();
  const response = await client.get(path);
  return { response, ms: performance.now() - start, body: await response.json() };
}

describe.skipIf(!redisURL)('Redis outages (through a TCP proxy the test controls)', () => {
  const prefix = `test:outage:${randomBytes(4).toString('hex')}:`;
  let proxy: TcpProxy;
  let storage: ReturnType<typeof createRedisStorage>;
  let direct: SecondaryStorage;
  let server: TestServer;

  beforeAll(async () => {
    const target = new URL(redisURL ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    storage = createRedisStorage(proxy.through(redisURL ?? ''), {
      keyPrefix: prefix,
      timeoutMs: 200,
      backoffMs: 300,
      log: () => {},
    });
    // A second copy's view of the same Redis, which never sees this proxy's outages.
    direct = createRedisStorage(redisURL ?? '', { keyPrefix: prefix, log: () => {} });
    server = await startTestServer('sqlite', {
      storage,
      rateLimit: { enabled: true, customRules: { '/ok': { window: 60, max: 3 } } },
    });
  });

  afterEach(async () => {
    proxy.restore();
    // Wait for the breaker to close again so each test starts with Redis up.
    await eventually(async () => {
      await storage.get('probe').catch(() => {});
      return storage.isAvailable?.() === true;
    });
  });

  afterAll(async () => {
    proxy.restore();
    await server?.close();
    await storage?.close?.();
    await direct?.close?.();
    await proxy?.close();
  });

  for (const fault of ['cut', 'hang'] as const) {
    it(`keeps sessions working from the database, fast, while Redis is ${fault === 'cut' ? 'down' : 'hung'}`, async () => {
      const laptop = server.client();
      const phone = server.client();
      const { user } = await laptop.signUp(`${fault}-sessions@example.com`);
      await phone.signIn(user.email);
      expect((await timedGet(phone, '/get-session')).body.user.id).toBe(user.id);

      proxy[fault]();
      // The first call may wait for the 200 ms timeout; later ones skip Redis entirely.
      for (let i = 0; i < 3; i++) {
        const { response, ms, body } = await timedGet(phone, '/get-session');
        expect(response.status).toBe(200);
        expect(body.user.id).toBe(user.id);
        expect(ms).toBeLessThan(600);
      }

      // Revocation stays effective: the revoked cache cookie is not trusted while Redis is out.
      const revoke = await laptop.post('/revoke-other-sessions');
      expect(revoke.status).toBe(200);
      expect((await timedGet(phone, '/get-session')).body).toBeNull();

      const signOut = await laptop.post('/sign-out');
      expect(signOut.status).toBe(200);
      expect((await timedGet(laptop, '/get-session')).body).toBeNull();
    });
  }

  it('does not let a cache cookie undo a revocation made while Redis was down, in any copy', async () => {
    const laptop = server.client();
    const phone = server.client();
    const { user } = await laptop.signUp('epoch@example.com');
    await phone.signIn(user.email);
    await phone.get('/get-session');
    const phoneCookies = phone.jar.header();
    // A second engine copy on the same database and Redis, which never sees the outage; its
    // answers are held to the OpenAPI document too.
    const { auth: other, assertConforms } = await checkedAuth(
      createAuth({
        secret: TEST_SECRET,
        baseURL: server.url,
        database: server.database,
        storage: direct,
        now: server.clock.now,
        logError: () => {},
      }),
    );
    const askOther = async () => {
      const response = await other.handler(
        new Request(`${server.url}/api/auth/get-session`, { headers: { cookie: phoneCookies } }),
      );
      return response.json();
    };
    expect((await askOther())?.user.id).toBe(user.id);

    server.clock.advance(1);
    proxy.cut();
    expect((await laptop.post('/revoke-other-sessions')).status).toBe(200);
    server.clock.advance(1);
    proxy.restore();
    await eventually(async () => {
      await storage.get('probe').catch(() => {});
      return storage.isAvailable?.() === true;
    });

    // Redis never heard of the revocation; the old cache cookie still verifies and is unexpired.
    const replay = server.client();
    for (const part of phoneCookies.split('; ')) {
      const [name, ...value] = part.split('=');
      replay.jar.cookies.set(name ?? '', value.join('='));
    }
    expect((await timedGet(replay, '/get-session')).body).toBeNull();
    // The other copy adopts the new epoch within a second.
    await eventually(async () => (await askOther()) === null, 1500);
    assertConforms();
  });

  it('does not take a stalled event loop for a Redis outage', async () => {
    await direct.set('stall', 'answered', 60);
    const pending = direct.get('stall');
    // Let the command be written (microtasks only), then keep the CPU busy past the 200 ms
    // timeout: the answer arrives meanwhile and must win over the timer that is now late.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    const until = Date.now() + 400;
    while (Date.now() < until) {
      // Busy, as under a long garbage collection.
    }
    expect(await pending).toBe('answered');
    expect(direct.isAvailable?.()).toBe(true);
  });

  it('counts rate limits in process memory while Redis is down', async () => {
    proxy.cut();
    const client = server.client();
    const statuses: number[] = [];
    const start = performance.now();
    for (let i = 0; i < 4; i++) statuses.push((await client.get('/ok')).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(performance.now() - start).toBeLessThan(1500);
  });
});
