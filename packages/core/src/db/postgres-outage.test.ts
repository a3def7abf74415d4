import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { errorOf, startTestServer, type TestServer } from '../testing/test-server.ts';
import { isServiceUnavailable } from './unavailable.ts';

const url = process.env.TEST_DATABASE_URL;
const APPLICATION = `gatehouse-outage-${process.pid}`;

/** Polls until `check` holds, for recovery that happens on the engine's own schedule. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

describe.skipIf(!url)('PostgreSQL outages (through a TCP proxy the test controls)', () => {
  let proxy: TcpProxy;
  let server: TestServer;

  beforeAll(async () => {
    const target = new URL(url ?? '');
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startTestServer(
      'postgres',
      { session: { cookieCache: { enabled: false } } },
      {
        through: (engineURL) => {
          const proxied = new URL(proxy.through(engineURL));
          proxied.searchParams.set('application_name', APPLICATION);
          return proxied.toString();
        },
        postgres: { connectTimeoutMs: 500, statementTimeoutMs: 1000, logError: () => {} },
      },
    );
  });

  afterAll(async () => {
    proxy.restore();
    await server?.close();
    await proxy?.close();
  });

  it('survives PostgreSQL ending its idle connections, and reconnects', async () => {
    const client = server.client();
    await client.signUp('idle@example.com');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      [APPLICATION],
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    // The pool's idle connections now emit 'error'; without a listener the process would exit.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const response = await client.get('/get-session');
    expect(response.status).toBe(200);
    expect((await response.json()).user.email).toBe('idle@example.com');
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After at once while the database is down', async () => {
    const client = server.client();
    await client.signUp('cut@example.com');
    proxy.cut();
    try {
      const { result, ms } = await timed(() => client.get('/get-session'));
      expect(await errorOf(result)).toEqual({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again later.',
      });
      expect(result.headers.get('retry-after')).toBe('5');
      expect(result.headers.get('set-cookie')).toBeNull();
      expect(ms).toBeLessThan(1500);

      const signUp = await server.client().post('/sign-up/email', {
        name: 'Late',
        email: 'late@example.com',
        password: 'correct horse battery',
      });
      expect((await errorOf(signUp)).code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      proxy.restore();
    }
    await eventually(async () => (await client.get('/get-session')).status === 200);
    expect((await server.client().signUp('late@example.com')).user.email).toBe('late@example.com');
  });

  it('answers within the timeouts while the network hangs, then recovers', async () => {
    const client = server.client();
    await client.signUp('hang@example.com');
    proxy.hang();
    try {
      const { result, ms } = await timed(() => client.get('/get-session'));
      expect((await errorOf(result)).code).toBe('SERVICE_UNAVAILABLE');
      // Statement timeout 1 s plus the client's 1 s margin, or the 0.5 s connect timeout.
      expect(ms).toBeLessThan(3000);
      const again = await timed(() => client.get('/get-session'));
      expect(again.result.status).toBe(503);
      expect(again.ms).toBeLessThan(3000);
    } finally {
      proxy.restore();
    }
    await eventually(async () => (await client.get('/get-session')).status === 200);
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const { ms, result } = await timed(() =>
      server.database.selectFirst('select pg_sleep(3)', []).then(
        () => null,
        (error: unknown) => error,
      ),
    );
    expect(isServiceUnavailable(result)).toBe(true);
    expect((result as { code?: string }).code).toBe('57014');
    expect(ms).toBeLessThan(2000);
  });
});
