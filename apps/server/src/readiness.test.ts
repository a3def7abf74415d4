import {
  type AuthDatabase,
  connectDatabase,
  createAuth,
  migrateDatabase,
  type SecondaryStorage,
} from '@gatehouse/core';
import { startTcpProxy } from '@gatehouse/core/testing';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

const SECRET = 'readiness-test-secret-of-32-characters';

async function appOn(database: AuthDatabase, extra: Partial<Parameters<typeof createApp>[0]> = {}) {
  await migrateDatabase(database);
  return appOnMigrated(database, extra);
}

function appOnMigrated(database: AuthDatabase, extra: Partial<Parameters<typeof createApp>[0]> = {}) {
  const auth = createAuth({ secret: SECRET, baseURL: 'http://localhost:3000', database });
  return createApp({ auth, database, ...extra });
}

const failingStorage: SecondaryStorage = {
  get: () => Promise.reject(new Error('redis down')),
  set: () => Promise.reject(new Error('redis down')),
  delete: () => Promise.reject(new Error('redis down')),
};

describe('GET /ready', () => {
  const database = connectDatabase(':memory:');
  afterAll(() => database.close());

  it('answers 200 with the state of the database and of Redis', async () => {
    const app = await appOn(database);
    const response = await app.request('/ready');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ready', database: 'up', redis: 'off' });
  });

  it('stays ready with Redis down, and says so', async () => {
    const app = await appOn(database, { storage: failingStorage });
    const response = await app.request('/ready');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', database: 'up', redis: 'down' });
  });

  it('answers 503 once shutdown began', async () => {
    const app = await appOn(database, { shuttingDown: () => true });
    const response = await app.request('/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'shutting-down', database: 'up', redis: 'off' });
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('GET /ready with PostgreSQL unreachable', () => {
  it('answers 503 within the connect timeout, and 200 again once the database is back', async () => {
    const target = new URL(url ?? '');
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const schema = `gatehouse_ready_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema "${schema}"`);
    const proxied = new URL(proxy.through(url ?? ''));
    proxied.searchParams.set('options', `-c search_path=${schema}`);
    // Migrated as the server does, without the statement timeout: Kysely's migration lock is one
    // advisory lock for the whole database, so the wait for another test's migration to end
    // would count against the 1 s below.
    const migrating = connectDatabase(proxied.toString(), { statementTimeoutMs: 0, logError: () => {} });
    await migrateDatabase(migrating).finally(() => migrating.close());
    const database = connectDatabase(proxied.toString(), {
      connectTimeoutMs: 500,
      statementTimeoutMs: 1000,
      logError: () => {},
    });
    try {
      const app = appOnMigrated(database);
      expect((await app.request('/ready')).status).toBe(200);

      proxy.hang();
      const start = performance.now();
      const down = await app.request('/ready');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: 'unavailable', database: 'down', redis: 'off' });
      expect(performance.now() - start).toBeLessThan(2500);

      proxy.cut();
      const cut = await app.request('/ready');
      expect(cut.status).toBe(503);

      proxy.restore();
      expect((await app.request('/ready')).status).toBe(200);
    } finally {
      proxy.restore();
      await database.close();
      await proxy.close();
      await admin.query(`drop schema "${schema}" cascade`);
      await admin.end();
    }
  });
});
