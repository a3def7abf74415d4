import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFetch } from './testing/browser-fetch.ts';
import { isolatedRedisURL } from './testing/isolated-redis.ts';
import { type ServerProcess, startServerProcess } from './testing/server-process.ts';
import { createTestSchema, type TestSchema } from './testing/test-schema.ts';

/**
 * The two-instance suite: two product processes behind one public origin, on one
 * PostgreSQL schema and one Redis, with the cookie cache on (its default 300 s). What one copy
 * does must hold on the other within a second.
 */
const databaseURL = process.env.TEST_DATABASE_URL;
const redisURL = process.env.TEST_REDIS_URL;

/** The load balancer's origin: both copies are configured with it, as behind a real one. */
const PUBLIC_ORIGIN = 'http://localhost:3999';
const PASSWORD = 'correct horse battery';

/** The per-key limit both copies write into new keys (uses per day). */
const KEY_RATE_LIMIT_MAX = 3;

const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

describe.skipIf(!databaseURL || !redisURL)('two server processes on one PostgreSQL and one Redis', () => {
  let schema: TestSchema;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    schema = await createTestSchema(databaseURL ?? '');
    const env = {
      DATABASE_URL: schema.url,
      REDIS_URL: isolatedRedisURL(redisURL ?? ''),
      BASE_URL: PUBLIC_ORIGIN,
      AUTH_SECRET: randomBytes(24).toString('hex'),
      // Each test browser has its own address, so only the rate-limit test shares a counter.
      IP_ADDRESS_HEADERS: 'x-forwarded-for',
      // Small, so that the shared per-key limit is reached in a few calls.
      API_KEY_RATE_LIMIT_MAX: String(KEY_RATE_LIMIT_MAX),
    };
    // The second copy migrates nothing (the first did) and starts after it, as in a rollout.
    a = await startServerProcess(env);
    b = await startServerProcess(env);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await schema?.drop();
  });

  /** A browser with its own cookies and address, able to reach either copy. */
  function browser(ip = randomIp()) {
    const { fetch, cookies } = browserFetch(PUBLIC_ORIGIN);
    const call = (server: ServerProcess, path: string, body?: unknown) =>
      fetch(`${server.url}/api/auth${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          'x-forwarded-for': ip,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    return {
      call,
      cookies,
      async session(server: ServerProcess) {
        return (await (await call(server, '/get-session')).json()) as {
          user: { id: string; email: string };
        } | null;
      },
    };
  }

  /** Polls `check` until it holds; answers how long that took (ms). */
  async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
    const start = Date.now();
    while (!(await check())) {
      if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Date.now() - start;
  }

  /** A request on `server` carrying only the key, from an address of its own. */
  const withKey = (server: ServerProcess, key: string, path = '/get-session') =>
    fetch(`${server.url}/api/auth${path}`, { headers: { 'x-api-key': key, 'x-forwarded-for': randomIp() } });

  /** The code of a refused key's answer, or its status when it was not refused. */
  async function refusal(response: Response) {
    if (response.status === 200) return 200;
    return { status: response.status, code: ((await response.json()) as { code?: string }).code };
  }

  /** A new user signed in on A with a personal key made there. */
  async function userWithKey(email: string) {
    const owner = browser();
    const signUp = await owner.call(a, '/sign-up/email', { name: 'Key', email, password: PASSWORD });
    expect(signUp.status).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const created = await owner.call(a, '/api-key/create', { name: 'ci' });
    expect(created.status).toBe(200);
    const { id, key } = (await created.json()) as { id: string; key: string };
    return { owner, userId: user.id, keyId: id, key };
  }

  it('a session made on one copy is valid on the other, from its cookie cache too', async () => {
    const laptop = browser();
    const signUp = await laptop.call(a, '/sign-up/email', {
      name: 'Ada',
      email: 'ada@example.com',
      password: PASSWORD,
    });
    expect(signUp.status).toBe(200);
    expect((await laptop.session(b))?.user.email).toBe('ada@example.com');
    expect((await laptop.session(a))?.user.email).toBe('ada@example.com');
  });

  it('a revocation and a sign-out on one copy hold on the other within 1 s', async () => {
    const laptop = browser();
    const phone = browser();
    const tablet = browser();
    expect(
      (await laptop.call(a, '/sign-up/email', { name: 'Bo', email: 'bo@example.com', password: PASSWORD }))
        .status,
    ).toBe(200);
    for (const device of [phone, tablet]) {
      expect(
        (await device.call(b, '/sign-in/email', { email: 'bo@example.com', password: PASSWORD })).status,
      ).toBe(200);
      // Read once on B so that B's answer comes from its cookie cache from now on.
      expect((await device.session(b))?.user.email).toBe('bo@example.com');
    }

    const { token } = (await (await phone.call(b, '/get-session')).json()).session;
    expect((await laptop.call(a, '/revoke-session', { token })).status).toBe(200);
    expect(await within(1000, async () => (await phone.session(b)) === null)).toBeLessThan(1000);

    // The tablet's old cookies (its cache cookie included), replayed on the other copy after sign-out.
    const tabletCookies = [...tablet.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await tablet.call(a, '/sign-out', {})).status).toBe(200);
    const replayed = async () => {
      const response = await fetch(`${b.url}/api/auth/get-session`, { headers: { cookie: tabletCookies } });
      return response.json();
    };
    expect(await within(1000, async () => (await replayed()) === null)).toBeLessThan(1000);
    expect(await laptop.session(b)).not.toBeNull();
  });

  it('a ban on one copy ends the user’s sessions on the other within 1 s', async () => {
    const admin = browser();
    expect(
      (await admin.call(a, '/sign-up/email', { name: 'Root', email: 'root@example.com', password: PASSWORD }))
        .status,
    ).toBe(200);
    await schema.query(
      `update "user" set role = 'admin', "emailVerified" = true where email = 'root@example.com'`,
    );
    const user = browser();
    const signUp = await user.call(b, '/sign-up/email', {
      name: 'Cy',
      email: 'cy@example.com',
      password: PASSWORD,
    });
    const { user: created } = (await signUp.json()) as { user: { id: string } };
    expect((await user.session(b))?.user.email).toBe('cy@example.com');

    expect((await admin.call(a, '/admin/ban-user', { userId: created.id })).status).toBe(200);
    expect(await within(1000, async () => (await user.session(b)) === null)).toBeLessThan(1000);
    const again = await user.call(b, '/sign-in/email', { email: 'cy@example.com', password: PASSWORD });
    expect(again.status).toBe(403);
  });

  it('a demotion on one copy holds on the other within 1 s, the demoted admin still signed in', async () => {
    const root = browser();
    const demoted = browser();
    for (const [who, email] of [
      [root, 'root2@example.com'],
      [demoted, 'dee@example.com'],
    ] as const) {
      expect((await who.call(a, '/sign-up/email', { name: 'Admin', email, password: PASSWORD })).status).toBe(
        200,
      );
      await schema.query(`update "user" set role = 'admin' where email = '${email}'`);
    }
    expect(
      (await root.call(a, '/sign-in/email', { email: 'root2@example.com', password: PASSWORD })).status,
    ).toBe(200);
    expect(
      (await demoted.call(b, '/sign-in/email', { email: 'dee@example.com', password: PASSWORD })).status,
    ).toBe(200);
    const role = async () =>
      ((await demoted.session(b)) as { user: { id: string; role: string } } | null)?.user.role;
    expect(await role()).toBe('admin');
    const id = (await demoted.session(b))?.user.id;
    expect((await root.call(a, '/admin/set-role', { userId: id, role: 'user' })).status).toBe(200);
    expect(await within(1000, async () => (await role()) === 'user')).toBeLessThan(1000);
    expect((await demoted.call(b, '/admin/events?format=csv')).status).toBe(403);
  });

  it('twenty concurrent sign-ups of one address over both copies make exactly one user', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        browser().call(i % 2 === 0 ? a : b, '/sign-up/email', {
          name: 'Race',
          email: 'race@example.com',
          password: PASSWORD,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    const rows = await schema.query<{ n: number }>(
      `select count(*)::int as n from "user" where email = 'race@example.com'`,
    );
    expect(rows[0]?.n).toBe(1);
  }, 60_000);

  it('the rate limit counts requests to both copies together', async () => {
    const client = browser();
    const statuses: number[] = [];
    // Sign-in allows 3 per 10 s per address: alternate the copies.
    for (const server of [a, b, a, b]) {
      const response = await client.call(server, '/sign-in/email', {
        email: 'nobody@example.com',
        password: PASSWORD,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a key made on one copy works on the other; deleted or disabled there it is refused at once', async () => {
    const deleted = await userWithKey('key-deleted@example.com');
    const session = await withKey(b, deleted.key);
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { id: string } }).user.id).toBe(deleted.userId);
    expect((await deleted.owner.call(a, '/api-key/delete', { keyId: deleted.keyId })).status).toBe(200);
    expect(await refusal(await withKey(b, deleted.key))).toEqual({ status: 401, code: 'INVALID_API_KEY' });

    const disabled = await userWithKey('key-disabled@example.com');
    expect((await withKey(b, disabled.key)).status).toBe(200);
    const update = await disabled.owner.call(a, '/api-key/update', { keyId: disabled.keyId, enabled: false });
    expect(update.status).toBe(200);
    expect(await refusal(await withKey(b, disabled.key))).toEqual({ status: 401, code: 'KEY_DISABLED' });
  });

  it('an owner banned on one copy: the key is refused on the other at once', async () => {
    const admin = browser();
    expect(
      (
        await admin.call(a, '/sign-up/email', {
          name: 'Root',
          email: 'key-root@example.com',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    await schema.query(`update "user" set role = 'admin' where email = 'key-root@example.com'`);
    const banned = await userWithKey('key-banned@example.com');
    expect((await withKey(b, banned.key)).status).toBe(200);
    expect((await admin.call(a, '/admin/ban-user', { userId: banned.userId })).status).toBe(200);
    expect(await refusal(await withKey(b, banned.key))).toEqual({ status: 401, code: 'USER_BANNED' });
    expect(await refusal(await withKey(a, banned.key))).toEqual({ status: 401, code: 'USER_BANNED' });
  });

  it('a key’s rate limit counts its uses on both copies together', async () => {
    const { key } = await userWithKey('key-limited@example.com');
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a]) statuses.push((await withKey(server, key)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await withKey(b, key);
    expect(await refusal(refused)).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });

  it('concurrent uses of one key over both copies never pass its limit', async () => {
    const { key } = await userWithKey('key-raced@example.com');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => withKey(i % 2 === 0 ? a : b, key)),
    );
    const passed = answers.filter((answer) => answer.status === 200);
    expect(passed).toHaveLength(KEY_RATE_LIMIT_MAX);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(12 - KEY_RATE_LIMIT_MAX);
  });
});
