import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invitationLink } from './app-links.ts';
import { ConfigError, loadConfig } from './config.ts';

const LONG_SECRET = 'a-production-secret-with-at-least-32-chars';

/** Runs loadConfig expecting a ConfigError and returns its problem lines. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`expected loadConfig(${JSON.stringify(env)}) to throw a ConfigError`);
}

describe('loadConfig defaults', () => {
  it('an empty environment gives port 3000, http://localhost:3000, ./data and a SQLite file inside it', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.baseURL).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(resolve('./data'));
    expect(config.databaseURL).toBe(join(resolve('./data'), 'gatehouse.sqlite'));
    expect(config.secret).toBeUndefined();
    expect(config.trustedOrigins).toEqual([]);
    expect(config.production).toBe(false);
    expect(config.redisURL).toBeUndefined();
  });

  it('outage settings: a 5000 ms statement timeout and a 10 s shutdown grace, both settable', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(5000);
    expect(loadConfig({}).shutdownGraceSeconds).toBe(10);
    const set = loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '1500', SHUTDOWN_GRACE: '30' });
    expect(set.databaseStatementTimeoutMs).toBe(1500);
    expect(set.shutdownGraceSeconds).toBe(30);
  });

  it('session defaults are 604800 / 86400 / 86400 / 300 seconds', () => {
    expect(loadConfig({}).session).toEqual({
      expiresIn: 604_800,
      updateAge: 86_400,
      freshAge: 86_400,
      cookieCacheMaxAge: 300,
    });
  });

  it('empty strings count as unset', () => {
    const config = loadConfig({
      PORT: '',
      BASE_URL: '',
      DATA_DIR: '',
      AUTH_SECRET: '',
      SESSION_FRESH_AGE: '',
    });
    expect(config.port).toBe(3000);
    expect(config.baseURL).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(resolve('./data'));
    expect(config.secret).toBeUndefined();
    expect(config.session.freshAge).toBe(86_400);
  });
});

describe('loadConfig parses each variable', () => {
  it('PORT sets the port, and the default base URL follows it', () => {
    const config = loadConfig({ PORT: '8080' });
    expect(config.port).toBe(8080);
    expect(config.baseURL).toBe('http://localhost:8080');
  });

  it('BASE_URL is kept as its origin', () => {
    expect(loadConfig({ BASE_URL: 'https://auth.example.com' }).baseURL).toBe('https://auth.example.com');
    expect(loadConfig({ BASE_URL: 'https://auth.example.com:8443/' }).baseURL).toBe(
      'https://auth.example.com:8443',
    );
  });

  it('DATA_DIR moves the data directory and the default SQLite file with it', () => {
    const config = loadConfig({ DATA_DIR: '/var/lib/gatehouse' });
    expect(config.dataDir).toBe('/var/lib/gatehouse');
    expect(config.databaseURL).toBe('/var/lib/gatehouse/gatehouse.sqlite');
    expect(loadConfig({ DATA_DIR: 'relative/dir' }).dataDir).toBe(resolve('relative/dir'));
  });

  it('DATABASE_URL accepts postgres:// and postgresql:// URLs and SQLite file paths', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/auth' }).databaseURL).toBe(
      'postgres://u:p@db:5432/auth',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/auth' }).databaseURL).toBe('postgresql://db/auth');
    expect(loadConfig({ DATABASE_URL: '/srv/auth.sqlite' }).databaseURL).toBe('/srv/auth.sqlite');
  });

  it('AUTH_SECRET sets the secret, and BETTER_AUTH_SECRET is accepted as an alias', () => {
    expect(loadConfig({ AUTH_SECRET: 'secret-one' }).secret).toBe('secret-one');
    expect(loadConfig({ BETTER_AUTH_SECRET: 'secret-two' }).secret).toBe('secret-two');
    expect(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: LONG_SECRET }).secret).toBe(LONG_SECRET);
  });

  it('TRUSTED_ORIGINS is a comma-separated list of origins, wildcards kept as written', () => {
    const config = loadConfig({
      TRUSTED_ORIGINS: 'https://app.example.com, http://localhost:5173 ,https://*.example.org',
    });
    expect(config.trustedOrigins).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
      'https://*.example.org',
    ]);
  });

  it('REDIS_URL accepts redis:// and rediss://', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisURL).toBe('redis://cache:6379');
    expect(loadConfig({ REDIS_URL: 'rediss://cache:6380' }).redisURL).toBe('rediss://cache:6380');
  });

  it('the four SESSION_* variables set the session durations', () => {
    const config = loadConfig({
      SESSION_EXPIRES_IN: '3600',
      SESSION_UPDATE_AGE: '600',
      SESSION_FRESH_AGE: '0',
      SESSION_COOKIE_CACHE_MAX_AGE: '60',
    });
    expect(config.session).toEqual({ expiresIn: 3600, updateAge: 600, freshAge: 0, cookieCacheMaxAge: 60 });
  });

  it('SESSION_EXPIRES_IN accepts exactly 400 days', () => {
    expect(loadConfig({ SESSION_EXPIRES_IN: '34560000' }).session.expiresIn).toBe(34_560_000);
  });

  it('NODE_ENV=production with a 32-character secret is accepted and marked production', () => {
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) });
    expect(config.production).toBe(true);
    expect(config.secret).toBe('x'.repeat(32));
  });
});

describe('loadConfig rejects malformed values, one line per variable', () => {
  const cases: Array<[string, string]> = [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '0'],
    ['BASE_URL', 'ftp://x'],
    ['BASE_URL', 'not a url'],
    ['BASE_URL', 'https://auth.example.com/auth'],
    ['SESSION_COOKIE_CACHE_MAX_AGE', '99999999999'],
    ['SESSION_FRESH_AGE', '-1'],
    ['SESSION_UPDATE_AGE', '1.5'],
    ['SESSION_COOKIE_CACHE_MAX_AGE', 'ten'],
    ['SESSION_EXPIRES_IN', '99999999999'],
    ['SESSION_EXPIRES_IN', '0'],
    ['TRUSTED_ORIGINS', 'https://app.example.com/path'],
    ['TRUSTED_ORIGINS', 'https://ok.example.com,notaurl'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://cache:6379'],
    ['ADMIN_EMAILS', 'root@example.com,not-an-address'],
    ['RATE_LIMIT', 'maybe'],
    ['REQUIRE_EMAIL_VERIFICATION', 'yes'],
    ['ACCOUNT_DELETION', 'disabled'],
    ['IP_ADDRESS_HEADERS', 'x forwarded for'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['JWT', 'enabled'],
    ['ORGANIZATIONS', 'yes'],
    ['ORGANIZATION_TEAMS', 'true'],
    ['ORGANIZATION_ROLES', '1'],
    ['ORGANIZATION_MEMBERSHIP_LIMIT', '0'],
    ['ORGANIZATION_MEMBERSHIP_LIMIT', '1000000'],
    ['ORGANIZATION_MEMBERSHIP_LIMIT', 'many'],
    ['SHUTDOWN_GRACE', '2.5'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '50'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 'fast'],
    ['TWO_FACTOR', 'disabled'],
    ['PASSKEYS', 'no'],
    ['GEOIP', 'maybe'],
    ['APP_NAME', '   '],
    ['APP_NAME', 'x'.repeat(65)],
    ['APP_NAME', 'Bad\u0007Name'],
    ['SIGN_UP', 'invite'],
    ['SIGN_UP', 'off'],
    ['PASSWORD_MIN_LENGTH', '0'],
    ['PASSWORD_MIN_LENGTH', '129'],
    ['PASSWORD_MIN_LENGTH', '8.5'],
    ['PASSWORD_MIN_LENGTH', 'twelve'],
    ['REJECT_COMMON_PASSWORDS', 'yes'],
    ['BEARER', 'yes'],
    ['COOKIE_DOMAIN', 'example.com'],
    ['COOKIE_DOMAIN', 'local host'],
    ['APP_URL', 'app.example.com'],
    ['APP_URL', 'ftp://app.example.com'],
    ['APP_URL', 'https://app.example.com/?next=1'],
    ['APP_RESET_PASSWORD_URL', 'https://evil.example.net/reset'],
    ['APP_VERIFY_EMAIL_URL', 'javascript:alert(1)'],
    ['APP_INVITATION_URL', 'https://app.example.com/invite#{id}'],
    ['AUDIT_RETENTION_DAYS', '-1'],
    ['AUDIT_RETENTION_DAYS', 'forever'],
    ['AUDIT_RETENTION_DAYS', '1.5'],
  ];

  for (const [name, value] of cases) {
    it(`${name}=${value} throws a ConfigError with exactly one problem naming ${name}`, () => {
      const problems = problemsOf({ [name]: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]?.startsWith(`${name}: `)).toBe(true);
    });
  }

  it('the problem line says what was expected and quotes the bad value', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(["PORT: expected a port number from 1 to 65535, got 'abc'"]);
  });

  it('several bad variables are all reported at once, one line each', () => {
    const problems = problemsOf({
      PORT: 'abc',
      BASE_URL: 'ftp://x',
      SESSION_FRESH_AGE: '-1',
      DATABASE_URL: 'mysql://x',
      TRUSTED_ORIGINS: 'https://app.example.com/path',
    });
    expect(problems).toHaveLength(5);
    for (const name of ['PORT', 'BASE_URL', 'SESSION_FRESH_AGE', 'DATABASE_URL', 'TRUSTED_ORIGINS']) {
      expect(problems.filter((line) => line.startsWith(`${name}: `))).toHaveLength(1);
    }
  });

  it('the error message joins the problems, one per line', () => {
    try {
      loadConfig({ PORT: 'abc', SESSION_UPDATE_AGE: 'x' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const configError = error as ConfigError;
      expect(configError.name).toBe('ConfigError');
      expect(configError.message.split('\n')).toEqual(configError.problems);
      expect(configError.problems).toHaveLength(2);
    }
  });
});

describe('loadConfig in production', () => {
  it('NODE_ENV=production without a secret reports a problem naming AUTH_SECRET', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^AUTH_SECRET: /);
  });

  it('NODE_ENV=production with a 10-character secret reports a problem naming AUTH_SECRET', () => {
    const problems = problemsOf({ NODE_ENV: 'production', AUTH_SECRET: '0123456789' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^AUTH_SECRET: .*32/);
  });

  it('a short BETTER_AUTH_SECRET in production is reported too', () => {
    expect(problemsOf({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'short' })).toHaveLength(1);
  });

  it('a missing secret is reported together with other bad variables', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: '70000' });
    expect(problems).toHaveLength(2);
    expect(problems.some((line) => line.startsWith('PORT: '))).toBe(true);
    expect(problems.some((line) => line.startsWith('AUTH_SECRET: '))).toBe(true);
  });

  it('outside production a short secret is accepted', () => {
    expect(loadConfig({ AUTH_SECRET: 'short' }).secret).toBe('short');
  });
});

describe('loadConfig: the account, admin and mail settings', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      rateLimit: true,
      requireEmailVerification: false,
      accountDeletion: 'immediate',
      ipAddressHeaders: [],
      adminEmails: [],
      smtpURL: undefined,
      jwt: true,
    });
  });

  it('ACCOUNT_DELETION: immediate (or on), email or off; email needs SMTP in production', () => {
    expect(loadConfig({ ACCOUNT_DELETION: 'on' }).accountDeletion).toBe('immediate');
    expect(loadConfig({ ACCOUNT_DELETION: 'immediate' }).accountDeletion).toBe('immediate');
    expect(loadConfig({ ACCOUNT_DELETION: 'Email' }).accountDeletion).toBe('email');
    expect(() => loadConfig({ ACCOUNT_DELETION: 'later' })).toThrow(
      "ACCOUNT_DELETION: expected 'immediate', 'email' or 'off', got 'later'",
    );
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), ACCOUNT_DELETION: 'email' };
    expect(() => loadConfig(production)).toThrow('ACCOUNT_DELETION: email needs SMTP_URL in production');
  });

  it('reads each switch and list', () => {
    const config = loadConfig({
      RATE_LIMIT: 'off',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      ACCOUNT_DELETION: 'off',
      IP_ADDRESS_HEADERS: 'X-Forwarded-For, x-real-ip',
      ADMIN_EMAILS: ' Root@Example.com ,ops@example.com',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Acme <no-reply@acme.test>',
    });
    expect(config).toMatchObject({
      rateLimit: false,
      requireEmailVerification: true,
      accountDeletion: 'off',
      ipAddressHeaders: ['x-forwarded-for', 'x-real-ip'],
      adminEmails: ['root@example.com', 'ops@example.com'],
      smtpURL: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Acme <no-reply@acme.test>',
    });
  });

  it('SMTP_URL without MAIL_FROM is one problem naming MAIL_FROM', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrowError(/MAIL_FROM/);
  });
});

describe('loadConfig: the organization settings', () => {
  it('turns organizations, teams and custom roles on by default, with 100 members at most', () => {
    expect(loadConfig({}).organizations).toEqual({
      enabled: true,
      teams: true,
      customRoles: true,
      membershipLimit: 100,
    });
  });

  it('reads each switch', () => {
    expect(loadConfig({ ORGANIZATIONS: 'off' }).organizations).toEqual({
      enabled: false,
      teams: true,
      customRoles: true,
      membershipLimit: 100,
    });
    expect(loadConfig({ ORGANIZATION_TEAMS: 'OFF', ORGANIZATION_ROLES: 'off' }).organizations).toEqual({
      enabled: true,
      teams: false,
      customRoles: false,
      membershipLimit: 100,
    });
    expect(loadConfig({ ORGANIZATION_MEMBERSHIP_LIMIT: '5000' }).organizations.membershipLimit).toBe(5000);
  });
});

describe('loadConfig: two-factor and the app name', () => {
  it('two-factor is on by default and the app is called Gatehouse', () => {
    const config = loadConfig({});
    expect(config.twoFactor).toBe(true);
    expect(config.appName).toBe('Gatehouse');
  });

  it('TWO_FACTOR=off turns it off; APP_NAME is trimmed', () => {
    expect(loadConfig({ TWO_FACTOR: 'off' }).twoFactor).toBe(false);
    expect(loadConfig({ APP_NAME: '  Acme Accounts ' }).appName).toBe('Acme Accounts');
  });

  it('session locations are on by default; GEOIP=off turns them off', () => {
    expect(loadConfig({}).geoip).toBe(true);
    expect(loadConfig({ GEOIP: 'on' }).geoip).toBe(true);
    expect(loadConfig({ GEOIP: 'off' }).geoip).toBe(false);
  });

  it('security events are kept 90 days by default; AUDIT_RETENTION_DAYS=0 keeps them forever', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(90);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '0' }).auditRetentionDays).toBe(0);
  });

  it('API keys are on by default with Better Auth’s limits; API_KEYS=off turns them off', () => {
    expect(loadConfig({}).apiKeys).toEqual({
      enabled: true,
      defaultExpiresIn: null,
      maxExpiresIn: 31_536_000,
      rateLimit: { max: 10, window: 86_400 },
    });
    expect(loadConfig({ API_KEYS: 'off' }).apiKeys).toEqual({ enabled: false });
    expect(
      loadConfig({
        API_KEY_DEFAULT_EXPIRES_IN: '2592000',
        API_KEY_MAX_EXPIRES_IN: '7776000',
        API_KEY_RATE_LIMIT_MAX: '1000',
        API_KEY_RATE_LIMIT_WINDOW: '3600',
      }).apiKeys,
    ).toEqual({
      enabled: true,
      defaultExpiresIn: 2_592_000,
      maxExpiresIn: 7_776_000,
      rateLimit: { max: 1000, window: 3600 },
    });
    expect(loadConfig({ API_KEY_DEFAULT_EXPIRES_IN: 'NEVER' }).apiKeys).toMatchObject({
      defaultExpiresIn: null,
    });
  });

  it('API-key limits that no key could meet are refused, each naming its variable', () => {
    expect(problemsOf({ API_KEYS: 'yes' })).toEqual(["API_KEYS: expected 'on' or 'off', got 'yes'"]);
    expect(problemsOf({ API_KEY_DEFAULT_EXPIRES_IN: 'soon' })).toEqual([
      "API_KEY_DEFAULT_EXPIRES_IN: expected a whole number of seconds or 'never', got 'soon'",
    ]);
    expect(problemsOf({ API_KEY_MAX_EXPIRES_IN: '3600' })).toEqual([
      'API_KEY_MAX_EXPIRES_IN: expected at least 86400 (one day)',
    ]);
    expect(problemsOf({ API_KEY_DEFAULT_EXPIRES_IN: '3600' })).toEqual([
      "API_KEY_DEFAULT_EXPIRES_IN: expected 'never' or from 86400 to API_KEY_MAX_EXPIRES_IN (31536000) seconds",
    ]);
    expect(problemsOf({ API_KEY_DEFAULT_EXPIRES_IN: '8000000', API_KEY_MAX_EXPIRES_IN: '7776000' })).toEqual([
      "API_KEY_DEFAULT_EXPIRES_IN: expected 'never' or from 86400 to API_KEY_MAX_EXPIRES_IN (7776000) seconds",
    ]);
    expect(problemsOf({ API_KEY_RATE_LIMIT_MAX: '0' })).toEqual([
      "API_KEY_RATE_LIMIT_MAX: expected a whole number from 1 to 999999999, got '0'",
    ]);
    expect(problemsOf({ API_KEY_RATE_LIMIT_WINDOW: '0' })).toEqual([
      'API_KEY_RATE_LIMIT_WINDOW: expected a positive number of seconds',
    ]);
  });

  it('webhooks are off by default; WEBHOOKS=on turns them on with a 5 s retry base and public https targets', () => {
    expect(loadConfig({}).webhooks).toEqual({ enabled: false });
    expect(loadConfig({ WEBHOOKS: 'on' }).webhooks).toEqual({
      enabled: true,
      allowPrivateUrls: false,
      retryBaseMs: 5000,
      timeoutMs: 10_000,
    });
    expect(
      loadConfig({ WEBHOOKS: 'ON', WEBHOOKS_ALLOW_PRIVATE_URLS: 'on', WEBHOOK_RETRY_BASE_MS: '100' })
        .webhooks,
    ).toEqual({ enabled: true, allowPrivateUrls: true, retryBaseMs: 100, timeoutMs: 10_000 });
    expect(loadConfig({ WEBHOOKS: 'on', WEBHOOK_TIMEOUT_MS: '1000' }).webhooks).toMatchObject({
      timeoutMs: 1000,
    });
    expect(loadConfig({ WEBHOOKS: 'on', WEBHOOK_TIMEOUT_MS: '60000' }).webhooks).toMatchObject({
      timeoutMs: 60_000,
    });
    expect(loadConfig({ WEBHOOKS: 'on', WEBHOOK_RETRY_BASE_MS: '3600000' }).webhooks).toMatchObject({
      retryBaseMs: 3_600_000,
    });
  });

  it('malformed webhook settings stop the start, each naming its variable', () => {
    expect(problemsOf({ WEBHOOKS: 'yes' })).toEqual(["WEBHOOKS: expected 'on' or 'off', got 'yes'"]);
    expect(problemsOf({ WEBHOOKS_ALLOW_PRIVATE_URLS: '1' })).toEqual([
      "WEBHOOKS_ALLOW_PRIVATE_URLS: expected 'on' or 'off', got '1'",
    ]);
    for (const raw of ['99', '3600001', '5s', '-5', '1e3'])
      expect(problemsOf({ WEBHOOK_RETRY_BASE_MS: raw })).toEqual([
        `WEBHOOK_RETRY_BASE_MS: expected a whole number of milliseconds from 100 to 3600000, got '${raw}'`,
      ]);
    for (const raw of ['999', '60001', '10s', '-1000', '1e4', ' 5000'])
      expect(problemsOf({ WEBHOOK_TIMEOUT_MS: raw })).toEqual([
        `WEBHOOK_TIMEOUT_MS: expected a whole number of milliseconds from 1000 to 60000, got '${raw}'`,
      ]);
  });

  it('passkeys are on by default; PASSKEYS=off turns them off', () => {
    expect(loadConfig({}).passkeys).toBe(true);
    expect(loadConfig({ PASSKEYS: 'on' }).passkeys).toBe(true);
    expect(loadConfig({ PASSKEYS: 'off' }).passkeys).toBe(false);
  });
});

describe('loadConfig: sign-up policy and password length', () => {
  it('sign-up is open and passwords need 8 characters by default', () => {
    const config = loadConfig({});
    expect(config.signUp).toBe('open');
    expect(config.passwordMinLength).toBe(8);
    expect(config.rejectCommonPasswords).toBe(true);
    expect(loadConfig({ REJECT_COMMON_PASSWORDS: 'off' }).rejectCommonPasswords).toBe(false);
  });

  it('SIGN_UP takes open, invite-only or closed in any letter case; PASSWORD_MIN_LENGTH 1 to 128', () => {
    expect(loadConfig({ SIGN_UP: 'Invite-Only' }).signUp).toBe('invite-only');
    expect(loadConfig({ SIGN_UP: ' closed ' }).signUp).toBe('closed');
    expect(loadConfig({ SIGN_UP: 'open' }).signUp).toBe('open');
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '12' }).passwordMinLength).toBe(12);
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '1' }).passwordMinLength).toBe(1);
    expect(loadConfig({ PASSWORD_MIN_LENGTH: '128' }).passwordMinLength).toBe(128);
  });

  it('the problem lines say what is expected', () => {
    expect(problemsOf({ SIGN_UP: 'maybe', PASSWORD_MIN_LENGTH: '200' })).toEqual([
      "SIGN_UP: expected 'open', 'invite-only' or 'closed', got 'maybe'",
      "PASSWORD_MIN_LENGTH: expected a whole number from 1 to 128, got '200'",
    ]);
  });

  it('invite-only without organizations is refused: nobody could ever be invited', () => {
    expect(problemsOf({ SIGN_UP: 'invite-only', ORGANIZATIONS: 'off' })).toEqual([
      'SIGN_UP: invite-only needs ORGANIZATIONS=on (invitations come from organizations)',
    ]);
    expect(loadConfig({ SIGN_UP: 'closed', ORGANIZATIONS: 'off' }).signUp).toBe('closed');
  });
});

describe('loadConfig: serving apps on other origins', () => {
  it('bearer tokens are signed-only by default; BEARER takes on, signed or off', () => {
    expect(loadConfig({}).bearer).toBe('signed');
    expect(loadConfig({ BEARER: 'on' }).bearer).toBe('on');
    expect(loadConfig({ BEARER: 'Signed' }).bearer).toBe('signed');
    expect(loadConfig({ BEARER: 'off' }).bearer).toBe('off');
    expect(problemsOf({ BEARER: 'yes' })).toEqual(["BEARER: expected 'on', 'signed' or 'off', got 'yes'"]);
  });

  it("COOKIE_DOMAIN must be BASE_URL's host or a parent of it", () => {
    expect(loadConfig({}).cookieDomain).toBeUndefined();
    const base = { BASE_URL: 'https://auth.example.com' };
    expect(loadConfig({ ...base, COOKIE_DOMAIN: '.Example.com' }).cookieDomain).toBe('example.com');
    expect(loadConfig({ ...base, COOKIE_DOMAIN: 'auth.example.com' }).cookieDomain).toBe('auth.example.com');
    expect(problemsOf({ ...base, COOKIE_DOMAIN: 'other.com' })).toEqual([
      "COOKIE_DOMAIN: expected auth.example.com (BASE_URL's host) or a parent domain of it, got 'other.com'",
    ]);
    expect(problemsOf({ ...base, COOKIE_DOMAIN: 'com' })).toHaveLength(1);
    expect(problemsOf({ ...base, COOKIE_DOMAIN: 'ample.com' })).toHaveLength(1);
    expect(problemsOf({ BASE_URL: 'http://127.0.0.1:3000', COOKIE_DOMAIN: '0.0.1' })).toHaveLength(1);
  });

  it("APP_URL is trusted and its pages become the emailed links' landing pages", () => {
    const config = loadConfig({
      TRUSTED_ORIGINS: 'https://other.example.com',
      APP_URL: 'https://app.example.com/',
    });
    expect(config.trustedOrigins).toEqual(['https://other.example.com', 'https://app.example.com']);
    expect(config.appLinks).toEqual({
      appURL: 'https://app.example.com',
      verifyEmail: 'https://app.example.com',
      resetPassword: 'https://app.example.com/reset-password',
      changeEmail: 'https://app.example.com',
      invitation: 'https://app.example.com/accept-invitation/{id}',
      securityActivity: 'https://app.example.com/account/activity',
    });
    expect(loadConfig({}).appLinks).toEqual({});
  });

  it('each link can be set on its own, on any trusted origin, and APP_URL may carry a path', () => {
    const config = loadConfig({
      APP_URL: 'https://example.com/app',
      TRUSTED_ORIGINS: 'https://*.preview.example.com',
      APP_RESET_PASSWORD_URL: 'https://pr-1.preview.example.com/auth/reset-password',
      APP_INVITATION_URL: 'https://example.com/app/organization/accept-invitation',
      APP_SECURITY_ACTIVITY_URL: 'https://pr-1.preview.example.com/me/activity',
    });
    expect(config.trustedOrigins).toEqual(['https://*.preview.example.com', 'https://example.com']);
    expect(config.appLinks).toEqual({
      appURL: 'https://example.com/app',
      verifyEmail: 'https://example.com/app',
      resetPassword: 'https://pr-1.preview.example.com/auth/reset-password',
      changeEmail: 'https://example.com/app',
      invitation: 'https://example.com/app/organization/accept-invitation',
      securityActivity: 'https://pr-1.preview.example.com/me/activity',
    });
    expect(loadConfig({ APP_CHANGE_EMAIL_URL: 'http://localhost:3000/changed' }).appLinks).toEqual({
      changeEmail: 'http://localhost:3000/changed',
    });
  });

  it('a link off the trusted origins is refused, naming where it may point', () => {
    expect(problemsOf({ APP_RESET_PASSWORD_URL: 'https://evil.example.net/reset' })).toEqual([
      "APP_RESET_PASSWORD_URL: expected a URL on BASE_URL, APP_URL or a TRUSTED_ORIGINS origin, got 'https://evil.example.net/reset'",
    ]);
  });
});

describe('invitation links', () => {
  it('replace {id}, or add invitationId to the query', () => {
    expect(invitationLink('https://app.example.com/accept-invitation/{id}', 'a/b')).toBe(
      'https://app.example.com/accept-invitation/a%2Fb',
    );
    expect(invitationLink('https://app.example.com/organization/accept-invitation?x=1', 'inv 1')).toBe(
      'https://app.example.com/organization/accept-invitation?x=1&invitationId=inv+1',
    );
  });
});
