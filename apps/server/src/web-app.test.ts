import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, createAuth, migrateDatabase } from '@gatehouse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

describe('serving the web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-web-'));
  const database = connectDatabase(':memory:');
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
    await migrateDatabase(database);
    const auth = createAuth({
      secret: 'web-app-test-secret-of-32-characters!',
      baseURL: 'http://localhost:3000',
      database,
    });
    app = createApp({ auth, database, webDist: dist });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>app</title>');
  });

  it.each(['/', '/docs/api', '/dev/mail', '/assets/main-abc123.js', '/health', '/api/config'])(
    'answers %s with the security headers',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      const csp = response.headers.get('content-security-policy');
      expect(csp).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
          "img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; object-src 'none'; " +
          "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
    },
  );

  it("leaves the engine's answers as they are (Better Auth's wire headers)", async () => {
    const response = await app.request('/api/auth/ok');
    expect(response.status).toBe(200);
    for (const name of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ])
      expect([name, response.headers.get(name)]).toEqual([name, null]);
  });

  it('serves hashed assets with a year of caching and their type', async () => {
    const response = await app.request('/assets/main-abc123.js');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers app routes with index.html (history fallback)', async () => {
    const response = await app.request('/account/sessions?x=1');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>app</title>');
  });

  it('never serves files outside the build folder', async () => {
    for (const path of [
      '/..%2F..%2F..%2Fetc%2Fpasswd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%2f..%2fpackage.json',
    ]) {
      const text = await (await app.request(path)).text();
      expect(text).toContain('<title>app</title>');
    }
  });

  it('leaves the API, health checks and unknown API paths to their own handlers', async () => {
    expect(await (await app.request('/api/auth/ok')).json()).toEqual({ ok: true });
    expect((await app.request('/api/auth/nope')).status).toBe(404);
    expect(await (await app.request('/health')).json()).toEqual({ status: 'ok' });
  });

  it('without a build, / explains itself in plain text', async () => {
    const auth = createAuth({
      secret: 'web-app-test-secret-of-32-characters!',
      baseURL: 'http://localhost:3000',
      database,
    });
    const bare = createApp({ auth, database, webDist: join(dist, 'missing') });
    const response = await bare.request('/');
    expect(await response.text()).toContain('Gatehouse is running');
  });
});
