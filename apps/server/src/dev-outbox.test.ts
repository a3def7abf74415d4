import { mkdtempSync, rmSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, createAuth, createDevOutbox, migrateDatabase } from '@gatehouse/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { FORWARDING_HEADERS } from './loopback.ts';
import type { RunningServer } from './start-server.ts';
import { startCheckedServer } from './testing/checked-server.ts';
import { freePort } from './testing/free-port.ts';

const PRODUCTION_SECRET = 'a-production-secret-of-at-least-32-characters';

describe('GET /dev/outbox', () => {
  const dirs: string[] = [];
  const running: RunningServer[] = [];
  afterEach(async () => {
    for (const server of running.splice(0)) await server.close();
  });
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** The real server on a free port and a fresh data directory; returns it and what it logged. */
  async function start(env: Record<string, string>) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-outbox-'));
    dirs.push(dir);
    const port = await freePort();
    const lines: string[] = [];
    const server = await startCheckedServer(
      loadConfig({
        PORT: String(port),
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dir,
        RATE_LIMIT: 'off',
        ...env,
      }),
      (line) => lines.push(line),
    );
    running.push(server);
    return { server, lines };
  }

  it('answers the (empty) list in development without SMTP, uncached', async () => {
    const { server, lines } = await start({});
    const response = await fetch(`${server.url}/dev/outbox`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ messages: [] });
    expect(lines).toContainEqual(
      expect.stringContaining('mail: dev outbox (messages are printed here and listed at /dev/outbox)'),
    );
  });

  it('is refused (404) through a reverse proxy on this machine: forwarding headers, or a Host that is no loopback name', async () => {
    const { server } = await start({ IP_ADDRESS_HEADERS: 'cf-connecting-ip' });
    const { port } = new URL(server.url);
    for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded', 'cf-connecting-ip'])
      expect([header, await getWith(port, { [header]: '198.51.100.4' })]).toEqual([header, 404]);
    expect(await getWith(port, { host: 'auth.example.com' })).toBe(404);
    expect(await getWith(port, { host: `localhost:${port}` })).toBe(200);
  });

  it('does not exist in production, where mail without SMTP is off rather than logged', async () => {
    const { server, lines } = await start({ NODE_ENV: 'production', AUTH_SECRET: PRODUCTION_SECRET });
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
    // Production logs are JSON lines.
    expect(lines.map((line) => JSON.parse(line).msg)).toContain(
      'mail: off (set SMTP_URL and MAIL_FROM to send verification and reset emails)',
    );
  });

  it('does not exist with SMTP, and the start-up line names the server without credentials', async () => {
    const { server, lines } = await start({
      SMTP_URL: 'smtp://mailer:hunter22@127.0.0.1:2525',
      MAIL_FROM: 'Gatehouse <no-reply@gatehouse.test>',
    });
    expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
    expect(lines).toContainEqual(expect.stringContaining('mail: SMTP 127.0.0.1:2525'));
    expect(lines.join('\n')).not.toContain('hunter22');
    expect(lines.join('\n')).not.toContain('mailer');
  });

  it('names the default port when the SMTP URL has none', async () => {
    const { lines } = await start({
      SMTP_URL: 'smtps://mail.example.com',
      MAIL_FROM: 'no-reply@gatehouse.test',
    });
    expect(lines).toContainEqual(expect.stringContaining('mail: SMTP mail.example.com:465'));
  });
});

/** `GET /dev/outbox` over real HTTP with the given headers (a Host of our choosing too); answers the status. */
function getWith(port: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port, path: '/dev/outbox', headers }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

describe('the dev outbox route', () => {
  it('lists sent messages, newest first', async () => {
    const database = connectDatabase(':memory:');
    try {
      await migrateDatabase(database);
      const auth = createAuth({
        secret: PRODUCTION_SECRET,
        baseURL: 'http://localhost:3000',
        database,
      });
      const outbox = createDevOutbox({ log: () => {} });
      const app = createApp({ auth, database, devOutbox: outbox });
      for (const to of ['first@example.com', 'second@example.com'])
        await outbox.send({
          kind: 'verification',
          to,
          subject: 'Verify your email address',
          text: 'text',
          html: '<p>html</p>',
          link: `http://localhost:3000/api/auth/verify-email?token=${to}`,
        });
      const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } }) as never;
      const local = { headers: { host: '127.0.0.1:3000' } };
      expect((await app.request('/dev/outbox', local, from('192.0.2.7'))).status).toBe(404);
      const response = await app.request('/dev/outbox', local, from('127.0.0.1'));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { messages: Array<Record<string, unknown>> };
      expect(body.messages.map((m) => m.to)).toEqual(['second@example.com', 'first@example.com']);
      expect(body.messages[0]).toMatchObject({
        kind: 'verification',
        subject: 'Verify your email address',
        link: 'http://localhost:3000/api/auth/verify-email?token=second@example.com',
        text: 'text',
        html: '<p>html</p>',
      });
      expect(body.messages[0]).toHaveProperty('id');
      expect(body.messages[0]).toHaveProperty('sentAt');
    } finally {
      await database.close();
    }
  });
});

describe('who may read the dev outbox', () => {
  const database = connectDatabase(':memory:');
  const auth = createAuth({ secret: PRODUCTION_SECRET, baseURL: 'http://localhost:3000', database });
  const app = createApp({
    auth,
    database,
    devOutbox: createDevOutbox({ log: () => {} }),
    ipAddressHeaders: ['cf-connecting-ip'],
  });
  afterAll(async () => {
    await auth.audit.stopRetention();
    await database.close();
  });
  const ask = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    app.request('/dev/outbox', { headers }, { incoming: { socket: { remoteAddress } } } as never);

  it.each([
    '127.0.0.1:3000',
    '127.8.9.10',
    'localhost',
    'LOCALHOST:3000',
    'app.localhost:5173',
    '[::1]:3000',
  ])('a program on this machine, Host %s', async (host) => {
    expect((await ask({ host })).status).toBe(200);
  });

  it.each([
    ['a public name', 'auth.example.com'],
    ['a public name with the port', 'auth.example.com:3000'],
    ['a name pretending to be loopback', '127.0.0.1.evil.test'],
    ['a name ending in localhost', 'notlocalhost'],
    ['another address of this machine', '192.0.2.7:3000'],
    ['an IPv6 address that is not loopback', '[2001:db8::1]:3000'],
    ['garbage', 'localhost:3000:3000'],
  ])('refuses %s as Host (a proxy passing it on, or DNS rebinding): 404', async (_, host) => {
    expect((await ask({ host })).status).toBe(404);
  });

  it('refuses a request without Host', async () => {
    expect((await ask({})).status).toBe(404);
  });

  it.each([...FORWARDING_HEADERS, 'cf-connecting-ip'])(
    'refuses a loopback peer relaying a request (%s): 404',
    async (header) => {
      expect((await ask({ host: '127.0.0.1:3000', [header]: '198.51.100.4' })).status).toBe(404);
    },
  );
});
