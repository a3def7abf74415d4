import type { AuthDatabase } from '@gatehouse/core';
import { present, startSmtpTestServer } from '@gatehouse/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedRedisURL } from '../testing/isolated-redis.ts';
import { productServers } from '../testing/product-servers.ts';
import { createTestSchema, type TestSchema } from '../testing/test-schema.ts';
import { createMetrics } from './metrics.ts';

const PASSWORD = 'correct horse battery staple';
const MAIL_FROM = 'Gatehouse <no-reply@gatehouse.test>';

/** One sample's value from Prometheus text output, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.length === present.length && wanted.every((label) => present.includes(label)))
      return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  const start = productServers('metrics');
  const scrape = async (url: string) => {
    const response = await fetch(`${url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return response.text();
  };
  const post = (url: string, path: string, body: unknown, cookie = '') =>
    fetch(`${url}/api/auth${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, cookie },
      body: JSON.stringify(body),
    });

  it('counts requests, latency, sign-ins by outcome, rate-limit refusals and sessions', async () => {
    const { url } = await start({ RATE_LIMIT: 'on' });
    const email = `metrics-${Date.now()}@example.com`;
    expect((await post(url, '/sign-up/email', { email, password: PASSWORD, name: 'M' })).status).toBe(200);
    expect((await post(url, '/sign-in/email', { email, password: 'not the password' })).status).toBe(401);
    const signedIn = await post(url, '/sign-in/email', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    expect((await post(url, '/sign-out', {}, cookie)).status).toBe(200);
    // Sign-in allows 3 attempts per 10 s from one address: the next ones are refused.
    let refused = 0;
    for (let i = 0; i < 4; i++)
      if ((await post(url, '/sign-in/email', { email, password: PASSWORD })).status === 429) refused++;
    expect(refused).toBeGreaterThan(0);

    const text = await scrape(url);
    const signIn = { method: 'POST', route: '/api/auth/sign-in/email' };
    expect(sample(text, 'gatehouse_http_requests_total', { ...signIn, status: '401' })).toBe(1);
    expect(sample(text, 'gatehouse_http_requests_total', { ...signIn, status: '429' })).toBe(refused);
    expect(sample(text, 'gatehouse_http_request_duration_seconds_count', signIn)).toBe(6);
    expect(
      sample(text, 'gatehouse_sign_ins_total', { factor: 'password', outcome: 'success' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'gatehouse_sign_ins_total', { factor: 'password', outcome: 'INVALID_EMAIL_OR_PASSWORD' }),
    ).toBe(1);
    expect(sample(text, 'gatehouse_sign_ins_total', { factor: 'password', outcome: 'RATE_LIMITED' })).toBe(
      refused,
    );
    expect(sample(text, 'gatehouse_rate_limit_refusals_total', { route: signIn.route })).toBe(refused);
    // Sign-up and each successful sign-in create one; sign-out ends one.
    const created = present(sample(text, 'gatehouse_sessions_created_total'));
    expect(created).toBe(
      1 + present(sample(text, 'gatehouse_sign_ins_total', { factor: 'password', outcome: 'success' })),
    );
    expect(sample(text, 'gatehouse_sessions_revoked_total')).toBe(1);
    expect(sample(text, 'gatehouse_database_up')).toBe(1);
    // SQLite has no pool and no Redis is configured: those series are absent.
    expect(sample(text, 'gatehouse_database_pool_connections', { state: 'max' })).toBeUndefined();
    expect(sample(text, 'gatehouse_redis_up')).toBeUndefined();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    // Paths as sent never become labels.
    await fetch(`${url}/api/auth/reset-password/a-token-in-the-path`);
    expect(await scrape(url)).not.toContain('a-token-in-the-path');
  });

  it('counts mail the SMTP server refused, by kind', async () => {
    const smtp = await startSmtpTestServer({ rejectWith: 'mailbox unavailable' });
    try {
      const { url } = await start({ SMTP_URL: smtp.url, MAIL_FROM });
      const email = `mail-${Date.now()}@example.com`;
      expect((await post(url, '/sign-up/email', { email, password: PASSWORD, name: 'M' })).status).toBe(200);
      const deadline = Date.now() + 5000;
      let failures: number | undefined;
      while (failures === undefined && Date.now() < deadline) {
        failures = sample(await scrape(url), 'gatehouse_mail_delivery_failures_total', {
          kind: 'verification',
        });
        if (failures === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(failures).toBe(1);
    } finally {
      await smtp.close();
    }
  });
});

describe('database failures', () => {
  it('count 503 answers and lost connections, and the probe reports the database down', async () => {
    const down = {
      selectFirst: () => Promise.reject(new Error('connect ECONNREFUSED')),
      poolUse: () => ({ total: 0, idle: 0, waiting: 3, max: 10 }),
    } as unknown as AuthDatabase;
    const metrics = createMetrics(() => ({ database: down }), { redis: false });
    const route = '/api/auth/get-session';
    metrics.requestFinished({
      method: 'GET',
      route,
      status: 503,
      durationMs: 2,
      code: 'SERVICE_UNAVAILABLE',
    });
    metrics.connectionLost();
    metrics.connectionLost();
    const text = await metrics.registry.metrics();
    expect(sample(text, 'gatehouse_database_errors_total', { kind: 'unavailable' })).toBe(1);
    expect(sample(text, 'gatehouse_database_errors_total', { kind: 'connection_lost' })).toBe(2);
    expect(sample(text, 'gatehouse_database_up')).toBe(0);
    expect(sample(text, 'gatehouse_database_pool_connections', { state: 'waiting' })).toBe(3);
  });
});

const databaseURL = process.env.TEST_DATABASE_URL;
const redisURL = process.env.TEST_REDIS_URL;

describe.skipIf(!databaseURL || !redisURL)('GET /metrics on PostgreSQL and Redis', () => {
  const start = productServers('metrics-pg');
  let schema: TestSchema;
  beforeAll(async () => {
    schema = await createTestSchema(databaseURL ?? '');
  });
  afterAll(() => schema.drop());

  it('reports the pool and Redis', async () => {
    const { url } = await start({ DATABASE_URL: schema.url, REDIS_URL: isolatedRedisURL(redisURL ?? '') });
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(sample(text, 'gatehouse_database_up')).toBe(1);
    expect(sample(text, 'gatehouse_redis_up')).toBe(1);
    expect(sample(text, 'gatehouse_database_pool_connections', { state: 'max' })).toBe(10);
    expect(
      present(sample(text, 'gatehouse_database_pool_connections', { state: 'total' })),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'gatehouse_database_pool_connections', { state: 'waiting' })).toBe(0);
  });
});
