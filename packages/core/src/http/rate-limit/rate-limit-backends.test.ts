import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { createMemoryStorage } from '../../storage/memory-storage.ts';
import { createRedisStorage } from '../../storage/redis-storage.ts';
import type { SecondaryStorage } from '../../storage/secondary-storage.ts';
import { present } from '../../testing/present.ts';
import { testDialects } from '../../testing/test-database.ts';
import { errorOf, startTestServer, type TestClient, type TestServer } from '../../testing/test-server.ts';

interface Counter {
  count: number;
  lastRequest: number;
}

/** A store under test: how to start a server on it, and how to read a counter back from it. */
interface Backend {
  name: string;
  start(rateLimit: AuthOptions['rateLimit']): Promise<TestServer>;
  read(server: TestServer, key: string): Promise<Counter | null>;
  close?(): Promise<void>;
}

function databaseBackend(dialect: Dialect): Backend {
  return {
    name: `database on ${dialect}`,
    start: (rateLimit) =>
      startTestServer(dialect, { rateLimit: { enabled: true, storage: 'database', ...rateLimit } }),
    async read(server, key) {
      const row = await server.database.db
        .selectFrom('rateLimit')
        .select(['count', 'lastRequest'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row ? { count: Number(row.count), lastRequest: Number(row.lastRequest) } : null;
    },
  };
}

function storageBackend(name: string, create: () => SecondaryStorage): Backend {
  let storage: SecondaryStorage | undefined;
  return {
    name: `secondary storage in ${name}`,
    start(rateLimit) {
      storage = create();
      // With `storage` given, the store defaults to the secondary storage.
      return startTestServer('sqlite', { storage, rateLimit: { enabled: true, ...rateLimit } });
    },
    async read(_, key) {
      const value = await present(storage).get(key);
      return value === null ? null : (JSON.parse(value) as Counter);
    },
    close: async () => storage?.close?.(),
  };
}

/** SQLite and memory always; PostgreSQL and Redis whenever CI provides them. */
const backends: Backend[] = testDialects().map(databaseBackend);
backends.push(storageBackend('memory', () => createMemoryStorage()));
const redisURL = process.env.TEST_REDIS_URL;
if (redisURL) {
  backends.push(
    storageBackend('redis', () =>
      createRedisStorage(redisURL, { keyPrefix: `test:rate-limit:${randomBytes(4).toString('hex')}:` }),
    ),
  );
}

const signInAttempt = (client: TestClient, headers?: Record<string, string>) =>
  client.post('/sign-in/email', { email: 'nobody@example.com', password: 'wrong password' }, { headers });

describe.each(backends)('rate limiting: $name', (backend) => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
    await backend.close?.();
  });

  it('refuses the 4th sign-in within 10 s and keeps the counter', async () => {
    server = await backend.start({});
    const client = server.client();
    for (let i = 0; i < 3; i++) expect((await signInAttempt(client)).status).toBe(401);
    server.clock.advance(2);
    const refused = await signInAttempt(client);
    expect(refused.headers.get('x-retry-after')).toBe('8');
    expect(await errorOf(refused)).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests. Please try again later.',
    });
    // The refused request left the counter as the third allowed one wrote it.
    expect(await backend.read(server, '127.0.0.1|/sign-in/email')).toEqual({
      count: 3,
      lastRequest: server.clock.now() - 2000,
    });
  });

  it('starts over once the window has passed', async () => {
    server = await backend.start({});
    const client = server.client();
    for (let i = 0; i < 3; i++) await signInAttempt(client);
    expect((await signInAttempt(client)).status).toBe(429);
    server.clock.advance(10);
    expect((await signInAttempt(client)).status).toBe(401);
    expect(await backend.read(server, '127.0.0.1|/sign-in/email')).toEqual({
      count: 1,
      lastRequest: server.clock.now(),
    });
  });

  it('keeps a counter per route, and one for all unknown paths together', async () => {
    server = await backend.start({ max: 2 });
    const client = server.client();
    expect((await client.get('/nope')).status).toBe(404);
    expect((await client.get('/ok')).status).toBe(200);
    expect((await client.get('/other-unknown')).status).toBe(404);
    expect((await client.get('/nope')).status).toBe(429);
    expect(await backend.read(server, '127.0.0.1|/(unknown)')).toEqual({
      count: 2,
      lastRequest: server.clock.now(),
    });
    expect(await backend.read(server, '127.0.0.1|/ok')).toEqual({
      count: 1,
      lastRequest: server.clock.now(),
    });
  });
});

describe.each(testDialects().map(databaseBackend))('rate limiting: $name only', (backend) => {
  let server: TestServer;
  afterEach(() => server.close());

  it('lets exactly max of many concurrent requests through', async () => {
    server = await backend.start({ max: 3 });
    const client = server.client();
    const responses = await Promise.all(Array.from({ length: 12 }, () => client.get('/ok')));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
    expect(await backend.read(server, '127.0.0.1|/ok')).toEqual({
      count: 3,
      lastRequest: server.clock.now(),
    });
  });

  it('deletes counters older than the longest window', async () => {
    server = await backend.start({});
    const client = server.client();
    await client.get('/nope');
    server.clock.advance(30);
    await client.get('/ok');
    server.clock.advance(31);
    // The first request after a minute sweeps: /nope (61 s old) is past every window, /ok is not.
    await client.get('/get-session');
    expect(await backend.read(server, '127.0.0.1|/nope')).toBeNull();
    expect(await backend.read(server, '127.0.0.1|/ok')).toEqual({
      count: 1,
      lastRequest: server.clock.now() - 31_000,
    });
  });
});
