import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, createAuth, createDevOutbox, migrateDatabase } from '@gatehouse/core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
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
      expect((await app.request('/dev/outbox', {}, from('192.0.2.7'))).status).toBe(404);
      const response = await app.request('/dev/outbox', {}, from('127.0.0.1'));
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
