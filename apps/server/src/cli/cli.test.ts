import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, createAuth, ensureAdmin, migrateDatabase } from '@gatehouse/core';
import { openTestDatabase, present, testDialects, testPasswordHasher } from '@gatehouse/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkConfig, describeConfig } from './config-check.ts';
import { createAdminCommand } from './create-admin.ts';
import { MASK, maskSecrets } from './masked-config.ts';
import { listUsers, showUser } from './users.ts';

const SECRETS = {
  AUTH_SECRET: 'an-auth-secret-of-more-than-32-characters',
  DATABASE_URL: 'postgres://gatehouse:db-password-1@db.internal:5432/gatehouse',
  REDIS_URL: 'redis://:redis-password-2@cache.internal:6379',
  SMTP_URL: 'smtp://mailer:smtp-password-3@mail.internal:587',
  GITHUB_CLIENT_SECRET: 'github-client-secret-4',
  METRICS_TOKEN: 'metrics-token-of-some-length-5',
};

describe('config check', () => {
  it('prints the effective configuration with every secret masked', () => {
    const report = checkConfig({
      ...SECRETS,
      NODE_ENV: 'production',
      MAIL_FROM: 'no-reply@example.com',
      GITHUB_CLIENT_ID: 'github-id',
      BASE_URL: 'https://auth.example.com',
    });
    expect(report.ok).toBe(true);
    expect(report.problems).toEqual([]);
    const text = `${JSON.stringify(report)}\n${describeConfig(report)}`;
    for (const value of [
      'an-auth-secret',
      'db-password-1',
      'redis-password-2',
      'smtp-password-3',
      'github-client-secret-4',
      'metrics-token-of',
    ])
      expect(text).not.toContain(value);
    expect(report.config).toMatchObject({
      baseURL: 'https://auth.example.com',
      secret: MASK,
      databaseURL: `postgres://gatehouse:${MASK}@db.internal:5432/gatehouse`,
      observability: { metricsToken: MASK, logFormat: 'json' },
      socialProviders: [{ id: 'github', clientId: 'github-id', clientSecret: MASK }],
    });
  });

  it('lists every problem at once, and no configuration', () => {
    const report = checkConfig({ PORT: 'abc', NODE_ENV: 'production', LOG_LEVEL: 'loud' });
    expect(report.ok).toBe(false);
    expect(report.config).toBeNull();
    expect(report.problems).toHaveLength(3);
    expect(
      describeConfig(report)
        .split('\n')
        .every((line) => line.startsWith('problem: ')),
    ).toBe(true);
  });

  it('says where the secret comes from when none is set', () => {
    expect(checkConfig({}).config).toMatchObject({ secret: '(generated into DATA_DIR/secret at start)' });
    expect(maskSecrets({ note: 'http://example.com/a@b', list: [{ apiToken: 'x' }] })).toEqual({
      note: 'http://example.com/a@b',
      list: [{ apiToken: MASK }],
    });
  });
});

describe.each(testDialects())('users list and show (%s)', (dialect) => {
  it('lists users newest first, finds one by id or email, and says null for nobody', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      const auth = createAuth({
        secret: 'a-cli-test-secret-of-more-than-32-characters',
        baseURL: 'http://localhost:3000',
        database,
        emailAndPassword: { password: testPasswordHasher },
        rateLimit: { enabled: false },
        logError: () => {},
      });
      for (const email of ['ann@example.com', 'bob@example.com'])
        await auth.api.signUpEmail({
          body: { email, password: 'correct horse battery', name: email.slice(0, 3) },
        });
      const admin = await ensureAdmin(database, {
        email: 'root@example.com',
        password: 'another long password',
      });
      await database.db
        .updateTable('user')
        .set({ banned: dialect === 'sqlite' ? 1 : true, banReason: 'spam' } as never)
        .where('email', '=', 'bob@example.com')
        .execute();

      const all = await listUsers(database, { limit: 50 });
      expect(all.map((user) => user.email).sort()).toEqual([
        'ann@example.com',
        'bob@example.com',
        'root@example.com',
      ]);
      expect(all.find((user) => user.email === 'root@example.com')).toMatchObject({
        role: 'admin',
        banned: false,
      });
      expect(await listUsers(database, { limit: 1 })).toHaveLength(1);
      expect((await listUsers(database, { limit: 50, search: 'BO' })).map((user) => user.email)).toEqual([
        'bob@example.com',
      ]);

      const bob = present(await showUser(database, 'Bob@Example.com'));
      expect(bob).toMatchObject({
        banned: true,
        banReason: 'spam',
        accounts: ['credential'],
        activeSessions: 1,
        emailVerified: false,
      });
      expect(present(await showUser(database, admin.userId)).email).toBe('root@example.com');
      expect(await showUser(database, 'nobody@example.com')).toBeNull();
    } finally {
      await database.close();
    }
  });
});

describe('create-admin', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('refuses an unverified account with 1 and says why; --take-over claims it and says what it removed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-create-admin-'));
    const file = join(dataDir, 'gatehouse.sqlite');
    for (const [name, value] of Object.entries({
      DATA_DIR: dataDir,
      DATABASE_URL: file,
      REDIS_URL: '',
      BASE_URL: 'http://localhost:3000',
    }))
      vi.stubEnv(name, value);
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const database = connectDatabase(file);
    try {
      await migrateDatabase(database);
      const auth = createAuth({
        secret: 'a-cli-test-secret-of-more-than-32-characters',
        baseURL: 'http://localhost:3000',
        database,
        emailAndPassword: { password: testPasswordHasher },
        rateLimit: { enabled: false },
        logError: () => {},
      });
      const { user } = present(
        await auth.api.signUpEmail({
          body: { email: 'ops@example.com', password: 'squatter password 1', name: 'S' },
        }),
      ) as { user: { id: string } };

      expect(await createAdminCommand(['--email', 'ops@example.com'])).toBe(1);
      expect(err.mock.calls.join('\n')).toContain(
        'ops@example.com is an existing account whose address was never verified',
      );
      expect(out).not.toHaveBeenCalled();
      expect(present(await showUser(database, user.id))).toMatchObject({ role: null, activeSessions: 1 });

      expect(await createAdminCommand(['--email', 'ops@example.com', '--take-over'])).toBe(0);
      const printed = out.mock.calls.map((call) => String(call[0]));
      expect(printed[0]).toBe(
        'Took over ops@example.com: 1 session(s) ended, 0 passkey(s) removed, two-factor was not set up, linked accounts removed: none.',
      );
      expect(printed[1]).toBe(
        'The password was replaced, the address marked verified, and ops@example.com is now an admin.',
      );
      expect(printed[2]).toMatch(/^Password: \w{24} {2}\(shown once; change it after signing in\)$/);
      expect(present(await showUser(database, user.id))).toMatchObject({
        role: 'admin',
        emailVerified: true,
        activeSessions: 0,
      });
      expect(await createAdminCommand(['--email', 'not-an-address'])).toBe(2);
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
