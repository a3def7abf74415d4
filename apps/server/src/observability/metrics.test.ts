import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AuthDatabase, connectDatabase, ensureAdmin, migrateDatabase } from '@gatehouse/core';
import {
  present,
  SoftwareAuthenticator,
  startSmtpTestServer,
  startTcpProxy,
  type TcpProxy,
  totpCode,
  totpStep,
} from '@gatehouse/core/testing';
import { completeProviderLogin, startOidcTestProvider } from '@gatehouse/core/testing/oidc';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFetch } from '../testing/browser-fetch.ts';
import { isolatedRedisURL } from '../testing/isolated-redis.ts';
import { productServers } from '../testing/product-servers.ts';
import { sample } from '../testing/prom-sample.ts';
import { createTestSchema, type TestSchema } from '../testing/test-schema.ts';
import { createMetrics } from './metrics.ts';

const PASSWORD = 'correct horse battery staple';
const OIDC_CLIENT = 'metrics-client';
const OIDC_SECRET = 'metrics-client-secret-0123456789abcdef';
const MAIL_FROM = 'Gatehouse <no-reply@gatehouse.test>';

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
    // A request refused before the engine tried the password is no sign-in attempt: it is counted
    // as a rate-limit refusal only.
    expect(
      sample(text, 'gatehouse_sign_ins_total', { factor: 'password', outcome: 'RATE_LIMITED' }),
    ).toBeUndefined();
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

  it('counts every way of signing in as the engine reports it: passkey, social, password, second factor', async () => {
    const provider = await startOidcTestProvider({
      clientId: OIDC_CLIENT,
      clientSecret: OIDC_SECRET,
      redirectUris: [],
      users: { alice: { email: 'alice@metrics.test', email_verified: true, name: 'Alice' } },
    });
    try {
      const { url } = await start({
        PASSKEYS: 'on',
        TWO_FACTOR: 'on',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: OIDC_CLIENT,
        OIDC_CLIENT_SECRET: OIDC_SECRET,
      });
      provider.setRedirectUris([`${url}/api/auth/callback/oidc`]);
      /** A browser of its own: a cookie jar sending the app's Origin. */
      const browser = () => {
        const jar = browserFetch(url);
        const call = async (path: string, body?: unknown) => {
          const response = await jar.fetch(`${url}/api/auth${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
            redirect: 'manual',
          });
          return { status: response.status, body: await response.json().catch(() => null) };
        };
        return { call, fetch: jar.fetch };
      };

      // Passkey: registered in one browser, signed in with in another.
      const authenticator = new SoftwareAuthenticator();
      const laptop = browser();
      await laptop.call('/sign-up/email', { email: 'pk@metrics.test', password: PASSWORD, name: 'P' });
      const creation = await laptop.call('/passkey/generate-register-options');
      const registration = await authenticator.register(creation.body, { origin: url });
      expect((await laptop.call('/passkey/verify-registration', { response: registration })).status).toBe(
        200,
      );
      const phone = browser();
      const options = await phone.call('/passkey/generate-authenticate-options');
      const assertion = await authenticator.authenticate(options.body, { origin: url });
      expect((await phone.call('/passkey/verify-authentication', { response: assertion })).status).toBe(200);

      // Social: the provider's round trip ends at the callback.
      const visitor = browser();
      const flow = await visitor.call('/sign-in/social', { provider: 'oidc', callbackURL: '/' });
      const callback = await completeProviderLogin(flow.body.url, 'alice');
      expect((await visitor.fetch(callback.toString(), { redirect: 'manual' })).status).toBe(302);

      // Password, then an authenticator code for a person with two-factor on.
      const owner = browser();
      await owner.call('/sign-up/email', { email: 'tf@metrics.test', password: PASSWORD, name: 'T' });
      const enabled = await owner.call('/two-factor/enable', { password: PASSWORD });
      const secret = new URL(enabled.body.totpURI).searchParams.get('secret') ?? '';
      const step = totpStep(Date.now());
      expect((await owner.call('/two-factor/verify-totp', { code: totpCode(secret, step) })).status).toBe(
        200,
      );
      const other = browser();
      const first = await other.call('/sign-in/email', { email: 'tf@metrics.test', password: PASSWORD });
      expect(first.body).toMatchObject({ twoFactorRedirect: true });
      expect((await other.call('/two-factor/verify-totp', { code: totpCode(secret, step + 1) })).status).toBe(
        200,
      );

      const text = await scrape(url);
      const signIns = (factor: string, outcome: string) =>
        sample(text, 'gatehouse_sign_ins_total', { factor, outcome });
      expect(signIns('passkey', 'success')).toBe(1);
      expect(signIns('social', 'success')).toBe(1);
      expect(signIns('password', 'challenged')).toBe(1);
      expect(signIns('totp', 'success')).toBe(1);
      // Confirming the authenticator in a session is enrolment, not a sign-in.
      expect(signIns('password', 'success')).toBeUndefined();
    } finally {
      await provider.close();
    }
  });

  it('counts sessions ended by revoke-session, revoke-other-sessions, revoke-sessions and an admin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-revocations-'));
    try {
      const file = join(dir, 'gatehouse.sqlite');
      const database = connectDatabase(file);
      await migrateDatabase(database);
      await ensureAdmin(database, { email: 'root@metrics.test', password: PASSWORD });
      await database.close();
      const { url } = await start({ DATABASE_URL: file });
      const revoked = async () => present(sample(await scrape(url), 'gatehouse_sessions_revoked_total'));
      const signedIn = async (email: string, first = false) => {
        const response = await post(url, first ? '/sign-up/email' : '/sign-in/email', {
          email,
          password: PASSWORD,
          name: 'R',
        });
        expect(response.status).toBe(200);
        const body = (await response.json()) as { token: string; user: { id: string } };
        const cookie = response.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
        return { cookie, token: body.token, userId: body.user.id };
      };
      const person = 'revoked@metrics.test';
      const laptop = await signedIn(person, true);
      const phone = await signedIn(person);
      await signedIn(person);
      await signedIn(person);
      expect(await revoked()).toBe(0);

      expect((await post(url, '/revoke-session', { token: phone.token }, laptop.cookie)).status).toBe(200);
      expect(await revoked()).toBe(1);
      expect((await post(url, '/revoke-other-sessions', {}, laptop.cookie)).status).toBe(200);
      expect(await revoked()).toBe(3);
      expect((await post(url, '/revoke-sessions', {}, laptop.cookie)).status).toBe(200);
      expect(await revoked()).toBe(4);

      const admin = await signedIn('root@metrics.test');
      const kiosk = await signedIn(person);
      await signedIn(person);
      const adminRevoke = (path: string, body: unknown) => post(url, `/admin/${path}`, body, admin.cookie);
      expect((await adminRevoke('revoke-user-session', { sessionToken: kiosk.token })).status).toBe(200);
      expect(await revoked()).toBe(5);
      // A token that names no session ends none.
      expect((await adminRevoke('revoke-user-session', { sessionToken: 'no-such-session' })).status).toBe(
        200,
      );
      expect(await revoked()).toBe(5);
      expect((await adminRevoke('revoke-user-sessions', { userId: laptop.userId })).status).toBe(200);
      expect(await revoked()).toBe(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts security events the audit log could not store', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-audit-failures-'));
    const lines: string[] = [];
    try {
      const file = join(dir, 'gatehouse.sqlite');
      const { url } = await start(
        { DATABASE_URL: file, LOG_FORMAT: 'json' },
        (line) => void lines.push(line),
      );
      const email = `audit-${Date.now()}@example.com`;
      expect((await post(url, '/sign-up/email', { email, password: PASSWORD, name: 'A' })).status).toBe(200);
      expect(sample(await scrape(url), 'gatehouse_audit_write_failures_total')).toBe(0);
      // The audit table goes away under the running server: the sign-in still works, its event is lost.
      const other = new Database(file);
      other.exec('alter table "auditEvent" rename to "auditEventGone"');
      other.close();
      expect((await post(url, '/sign-in/email', { email, password: PASSWORD })).status).toBe(200);
      const logged = lines.filter((line) => line.includes('Could not record the security event')).length;
      expect(logged).toBeGreaterThanOrEqual(1);
      expect(sample(await scrape(url), 'gatehouse_audit_write_failures_total')).toBe(logged);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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

/** Scrapes until `name` reads `value` (outages show at the next probe), or fails after 10 s. */
async function eventuallySample(url: string, name: string, labels: Record<string, string>, value: number) {
  const deadline = Date.now() + 10_000;
  let seen: number | undefined;
  while (Date.now() < deadline) {
    seen = sample(await (await fetch(`${url}/metrics`)).text(), name, labels);
    if (seen === value) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} ${JSON.stringify(labels)} stayed ${seen}, not ${value}`);
}

/** A TCP proxy in front of a shared test server (`host:port` of `url`), which the test cuts. */
function proxyTo(url: string, defaultPort: number): Promise<TcpProxy> {
  const target = new URL(url);
  return startTcpProxy({ host: target.hostname, port: Number(target.port || defaultPort) });
}

describe.skipIf(!redisURL)('the Redis series through an outage', () => {
  const start = productServers('metrics-redis-outage');
  it('redis_up goes to 0 when the proxy drops Redis, and back to 1 when it returns', async () => {
    const proxy = await proxyTo(redisURL ?? '', 6379);
    try {
      const { url } = await start({ REDIS_URL: proxy.through(isolatedRedisURL(redisURL ?? '')) });
      await eventuallySample(url, 'gatehouse_redis_up', {}, 1);
      proxy.cut();
      await eventuallySample(url, 'gatehouse_redis_up', {}, 0);
      proxy.restore();
      await eventuallySample(url, 'gatehouse_redis_up', {}, 1);
    } finally {
      proxy.restore();
      await proxy.close();
    }
  }, 60_000);
});

describe.skipIf(!databaseURL)('the database series through a PostgreSQL outage', () => {
  const start = productServers('metrics-pg-outage');
  it('counts lost pool connections and the answers refused while PostgreSQL is cut', async () => {
    const schema = await createTestSchema(databaseURL ?? '');
    const proxy = await proxyTo(databaseURL ?? '', 5432);
    try {
      const { url } = await start({
        DATABASE_URL: proxy.through(schema.url),
        DATABASE_STATEMENT_TIMEOUT_MS: '1000',
      });
      // The pool holds a connection to lose.
      const credentials = { email: 'outage@metrics.test', password: PASSWORD };
      const headers = { 'content-type': 'application/json', origin: url };
      const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...credentials, name: 'O' }),
      });
      expect(signUp.status).toBe(200);
      let text = await (await fetch(`${url}/metrics`)).text();
      expect(sample(text, 'gatehouse_database_up')).toBe(1);
      expect(sample(text, 'gatehouse_database_errors_total', { kind: 'unavailable' })).toBeUndefined();

      proxy.cut();
      const refused = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers,
        body: JSON.stringify(credentials),
      });
      expect(refused.status).toBe(503);
      await eventuallySample(url, 'gatehouse_database_up', {}, 0);
      text = await (await fetch(`${url}/metrics`)).text();
      expect(sample(text, 'gatehouse_database_errors_total', { kind: 'unavailable' })).toBe(1);
      expect(
        present(sample(text, 'gatehouse_database_errors_total', { kind: 'connection_lost' })),
      ).toBeGreaterThan(0);

      proxy.restore();
      await eventuallySample(url, 'gatehouse_database_up', {}, 1);
    } finally {
      proxy.restore();
      await proxy.close();
      await schema.drop();
    }
  }, 60_000);
});

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
