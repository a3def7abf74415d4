import { join, resolve } from 'node:path';
import { cookieDomainCovers, type SignUpPolicy } from '@gatehouse/core';
import { type AppLinks, readAppLinks } from './app-links.ts';
import { type ObservabilityConfig, readObservability } from './observability/observability-config.ts';
import { readSocialProviders, type SocialProviderConfig } from './social-config.ts';

/** The product's settings, read from the environment (docs/configuration.md). */
export interface Config {
  port: number;
  baseURL: string;
  dataDir: string;
  databaseURL: string;
  /** PostgreSQL's statement timeout in milliseconds: no query may hold a request longer. */
  databaseStatementTimeoutMs: number;
  /** Seconds requests in flight get to finish after SIGTERM before their connections are ended. */
  shutdownGraceSeconds: number;
  /** Unset outside production: the server generates one and keeps it in the data directory. */
  secret: string | undefined;
  /** TRUSTED_ORIGINS, plus APP_URL's origin when it is set. */
  trustedOrigins: string[];
  /** `Domain=` of every auth cookie, so sibling subdomains share the session; unset: host-only. */
  cookieDomain: string | undefined;
  /** Where emailed links land when the app hosts its own pages; empty: Gatehouse's pages. */
  appLinks: AppLinks;
  production: boolean;
  redisURL: string | undefined;
  session: { expiresIn: number; updateAge: number; freshAge: number; cookieCacheMaxAge: number };
  /** SMTP server for outgoing mail; unset: the dev outbox keeps messages in memory and logs them. */
  smtpURL: string | undefined;
  mailFrom: string;
  rateLimit: boolean;
  requireEmailVerification: boolean;
  /**
   * Self-service account deletion: `immediate` (with the password, or a fresh session), `email`
   * (a confirmation link is emailed first), or `off`.
   */
  accountDeletion: 'immediate' | 'email' | 'off';
  /** Headers a trusted proxy sets with the client IP (e.g. x-forwarded-for); default none. */
  ipAddressHeaders: string[];
  /** Bootstrap admins: users with these (verified) emails hold the admin role. */
  adminEmails: string[];
  /** Signed JWTs for other services: /token, /jwks and the set-auth-jwt header on get-session. */
  jwt: boolean;
  /** Organizations, their teams, custom roles stored per organization, and members per organization. */
  organizations: { enabled: boolean; teams: boolean; customRoles: boolean; membershipLimit: number };
  /** Social sign-in providers with complete credentials, in display order. */
  socialProviders: SocialProviderConfig[];
  /**
   * `Authorization: Bearer` sessions for apps without cookies: `on` takes signed and unsigned
   * tokens (as Better Auth's bearer plugin), `signed` only signed ones, `off` none.
   */
  bearer: 'on' | 'signed' | 'off';
  /** Second factors (authenticator apps, emailed codes, backup codes); on unless TWO_FACTOR=off. */
  twoFactor: boolean;
  /** Passkey sign-in and management (WebAuthn); on unless PASSKEYS=off. */
  passkeys: boolean;
  /** Approximate session locations from the packaged offline IP database; on unless GEOIP=off. */
  geoip: boolean;
  /** The product's name in authenticator apps (the TOTP issuer) and the WebAuthn relying party's name. */
  appName: string;
  /** Who may create an account on their own; admin-created accounts always work. */
  signUp: SignUpPolicy;
  /** The shortest password accepted for a new password (sign-up, change, reset). */
  passwordMinLength: number;
  /** Refuse the 10,000 most common passwords as new passwords. */
  rejectCommonPasswords: boolean;
  /** Logs (LOG_LEVEL, LOG_FORMAT) and metrics access (METRICS_TOKEN). */
  observability: ObservabilityConfig;
  /** Days a security event is kept (docs/security-activity.md#retention); 0 keeps events forever. */
  auditRetentionDays: number;
  /** Emails on a sign-in from a new browser and address, and on password and email changes; on unless SIGN_IN_ALERTS=off. */
  signInAlerts: boolean;
}

/** The engine's longest password (packages/core README): a minimum above it would refuse every password. */
const MAX_PASSWORD_LENGTH = 128;

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

/** Browsers keep a cookie at most 400 days; session cookies live as long as the session. */
const MAX_COOKIE_AGE = 34_560_000;

/**
 * Reads and checks every setting at once, so an operator sees all problems in one go, one line
 * each, naming the variable and what it expects.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = <T>(name: string, fallback: T, parse: (raw: string) => T | undefined, expected: string): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = parse(raw);
    if (value === undefined) {
      problems.push(`${name}: expected ${expected}, got '${raw}'`);
      return fallback;
    }
    return value;
  };

  const production = env.NODE_ENV === 'production';
  const port = read('PORT', 3000, parsePort, 'a port number from 1 to 65535');
  const baseURL = read(
    'BASE_URL',
    `http://localhost:${port}`,
    parseBaseURL,
    'an http(s) origin without a path, such as https://auth.example.com',
  );
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseURL = read(
    'DATABASE_URL',
    join(dataDir, 'gatehouse.sqlite'),
    parseDatabaseURL,
    'postgres://… or an SQLite file path',
  );
  const databaseStatementTimeoutMs = read(
    'DATABASE_STATEMENT_TIMEOUT_MS',
    5000,
    (raw) => (/^\d+$/.test(raw) && Number(raw) >= 100 ? Number(raw) : undefined),
    'a whole number of milliseconds, at least 100',
  );
  const trustedOrigins = read(
    'TRUSTED_ORIGINS',
    [] as string[],
    parseOrigins,
    'comma-separated origins such as https://app.example.com',
  );
  const appLinks = readAppLinks(env, baseURL, trustedOrigins, problems);
  const appOrigin = appLinks.appURL ? new URL(appLinks.appURL).origin : undefined;
  if (appOrigin && appOrigin !== baseURL && !trustedOrigins.includes(appOrigin))
    trustedOrigins.push(appOrigin);
  const cookieDomain = read(
    'COOKIE_DOMAIN',
    undefined as string | undefined,
    (raw) => raw.trim().replace(/^\./, '').toLowerCase() || undefined,
    'a domain name such as example.com',
  );
  const baseHost = new URL(baseURL).hostname;
  if (cookieDomain && !cookieDomainCovers(cookieDomain, baseHost))
    problems.push(
      `COOKIE_DOMAIN: expected ${baseHost} (BASE_URL's host) or a parent domain of it, got '${env.COOKIE_DOMAIN}'`,
    );
  const redisURL = read(
    'REDIS_URL',
    undefined as string | undefined,
    (raw) => (/^rediss?:\/\//.test(raw) ? raw : undefined),
    'redis://host:port',
  );

  const seconds = (name: string, fallback: number) =>
    read(name, fallback, parseSeconds, 'a whole number of seconds');
  const shutdownGraceSeconds = seconds('SHUTDOWN_GRACE', 10);
  const session = {
    expiresIn: seconds('SESSION_EXPIRES_IN', 604_800),
    updateAge: seconds('SESSION_UPDATE_AGE', 86_400),
    freshAge: seconds('SESSION_FRESH_AGE', 86_400),
    cookieCacheMaxAge: seconds('SESSION_COOKIE_CACHE_MAX_AGE', 300),
  };
  for (const [name, value] of [
    ['SESSION_EXPIRES_IN', session.expiresIn],
    ['SESSION_COOKIE_CACHE_MAX_AGE', session.cookieCacheMaxAge],
  ] as const) {
    if (value > MAX_COOKIE_AGE)
      problems.push(`${name}: expected at most ${MAX_COOKIE_AGE} (400 days, the cookie limit)`);
  }
  if (session.expiresIn === 0) problems.push('SESSION_EXPIRES_IN: expected a positive number of seconds');

  const smtpURL = read(
    'SMTP_URL',
    undefined as string | undefined,
    parseSmtpURL,
    'smtp://user:pass@host:port or smtps://…',
  );
  const mailFrom = read(
    'MAIL_FROM',
    'Gatehouse <no-reply@localhost>',
    parseMailFrom,
    "an address such as 'Acme <no-reply@acme.test>'",
  );
  if (smtpURL && !env.MAIL_FROM)
    problems.push('MAIL_FROM: required when SMTP_URL is set (the sender address)');
  const rateLimit = read('RATE_LIMIT', true, (raw) => parseSwitch(raw, 'on', 'off'), "'on' or 'off'");
  const jwt = read('JWT', true, (raw) => parseSwitch(raw, 'on', 'off'), "'on' or 'off'");
  const onOff = (name: string) => read(name, true, (raw) => parseSwitch(raw, 'on', 'off'), "'on' or 'off'");
  const twoFactor = onOff('TWO_FACTOR');
  const passkeys = onOff('PASSKEYS');
  const geoip = onOff('GEOIP');
  const signInAlerts = onOff('SIGN_IN_ALERTS');
  const bearer = read(
    'BEARER',
    'on' as Config['bearer'],
    (raw) => {
      const value = raw.trim().toLowerCase();
      return value === 'on' || value === 'signed' || value === 'off' ? value : undefined;
    },
    "'on', 'signed' or 'off'",
  );
  const appName = read(
    'APP_NAME',
    'Gatehouse',
    parseAppName,
    'a name of 1 to 64 characters without control characters',
  );
  const organizations = {
    enabled: onOff('ORGANIZATIONS'),
    teams: onOff('ORGANIZATION_TEAMS'),
    customRoles: onOff('ORGANIZATION_ROLES'),
    // Better Auth's default is 100 (docs/protocol/organization.md#limits).
    membershipLimit: read(
      'ORGANIZATION_MEMBERSHIP_LIMIT',
      100,
      (raw) => (/^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : undefined),
      'a whole number from 1 to 999999',
    ),
  };
  const accountDeletion = read(
    'ACCOUNT_DELETION',
    'immediate' as Config['accountDeletion'],
    (raw) => {
      const value = raw.trim().toLowerCase();
      // `on` is the older spelling of `immediate`.
      if (value === 'on') return 'immediate';
      return value === 'immediate' || value === 'email' || value === 'off' ? value : undefined;
    },
    "'immediate', 'email' or 'off'",
  );
  // Production without SMTP sends no mail, so no confirmation link could ever arrive.
  if (accountDeletion === 'email' && production && !smtpURL)
    problems.push('ACCOUNT_DELETION: email needs SMTP_URL in production (the confirmation link is emailed)');
  const requireEmailVerification = read(
    'REQUIRE_EMAIL_VERIFICATION',
    false,
    (raw) => parseSwitch(raw, 'true', 'false'),
    "'true' or 'false'",
  );
  const ipAddressHeaders = read(
    'IP_ADDRESS_HEADERS',
    [] as string[],
    (raw) => {
      const names = raw
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean);
      return names.every((h) => /^[a-z0-9-]+$/.test(h)) ? names : undefined;
    },
    'comma-separated header names such as x-forwarded-for',
  );

  const adminEmails = read(
    'ADMIN_EMAILS',
    [] as string[],
    (raw) => {
      const emails = raw
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean);
      return emails.every((e) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e)) ? emails : undefined;
    },
    'comma-separated email addresses',
  );

  const signUp = read(
    'SIGN_UP',
    'open' as SignUpPolicy,
    parseSignUpPolicy,
    "'open', 'invite-only' or 'closed'",
  );
  // Invitations come only from organizations: without them nobody could ever sign up.
  if (signUp === 'invite-only' && !organizations.enabled)
    problems.push('SIGN_UP: invite-only needs ORGANIZATIONS=on (invitations come from organizations)');
  const passwordMinLength = read(
    'PASSWORD_MIN_LENGTH',
    8,
    (raw) =>
      /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= MAX_PASSWORD_LENGTH ? Number(raw) : undefined,
    `a whole number from 1 to ${MAX_PASSWORD_LENGTH}`,
  );

  const rejectCommonPasswords = onOff('REJECT_COMMON_PASSWORDS');
  const auditRetentionDays = read(
    'AUDIT_RETENTION_DAYS',
    90,
    (raw) => (/^\d{1,6}$/.test(raw) ? Number(raw) : undefined),
    'a whole number of days (0 keeps events forever)',
  );

  const secret = env.AUTH_SECRET || env.BETTER_AUTH_SECRET || undefined;
  if (production && !secret)
    problems.push('AUTH_SECRET: required when NODE_ENV=production (32 or more random characters)');
  else if (production && secret && secret.length < 32)
    problems.push('AUTH_SECRET: expected at least 32 characters in production');

  const socialProviders = readSocialProviders(env, problems);
  const observability = readObservability(env, production, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    baseURL,
    dataDir,
    databaseURL,
    databaseStatementTimeoutMs,
    shutdownGraceSeconds,
    secret,
    trustedOrigins,
    cookieDomain,
    appLinks,
    production,
    redisURL,
    session,
    smtpURL,
    mailFrom,
    rateLimit,
    requireEmailVerification,
    accountDeletion,
    ipAddressHeaders,
    adminEmails,
    jwt,
    organizations,
    socialProviders,
    twoFactor,
    bearer,
    passkeys,
    geoip,
    appName,
    signUp,
    passwordMinLength,
    rejectCommonPasswords,
    observability,
    auditRetentionDays,
    signInAlerts,
  };
}

function parseSignUpPolicy(raw: string): SignUpPolicy | undefined {
  const value = raw.trim().toLowerCase();
  return value === 'open' || value === 'invite-only' || value === 'closed' ? value : undefined;
}

/** Shown in authenticator apps and mail: printable, and short enough for a phone's list. */
function parseAppName(raw: string): string | undefined {
  const name = raw.trim();
  const printable = [...name].every((char) => (char.codePointAt(0) ?? 0) >= 0x20);
  return name.length > 0 && name.length <= 64 && printable ? name : undefined;
}

function parseSwitch(raw: string, on: string, off: string): boolean | undefined {
  const value = raw.trim().toLowerCase();
  return value === on ? true : value === off ? false : undefined;
}

function parseSmtpURL(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'smtp:' || url.protocol === 'smtps:' ? raw : undefined;
  } catch {
    return undefined;
  }
}

/** `address@host` or `Name <address@host>`. */
function parseMailFrom(raw: string): string | undefined {
  return /^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw.trim()) ? raw.trim() : undefined;
}

function parsePort(raw: string): number | undefined {
  const port = Number(raw);
  return /^\d+$/.test(raw) && port >= 1 && port <= 65535 ? port : undefined;
}

function parseSeconds(raw: string): number | undefined {
  return /^\d+$/.test(raw) ? Number(raw) : undefined;
}

function parseHttpOrigin(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The engine is always mounted at /api/auth under this origin, so a path would be ignored: refuse it. */
function parseBaseURL(raw: string): string | undefined {
  const origin = parseHttpOrigin(raw);
  return origin && raw.replace(/\/+$/, '') === origin ? origin : undefined;
}

function parseOrigins(raw: string): string[] | undefined {
  const entries = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  // Wildcard entries (https://*.example.com) are kept as written; the rest must be bare origins.
  const ok = entries.every((entry) => entry.includes('*') || parseHttpOrigin(entry) === entry);
  return ok ? entries : undefined;
}

function parseDatabaseURL(raw: string): string | undefined {
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
      return raw;
    } catch {
      return undefined;
    }
  }
  return /^[a-z]+:\/\//i.test(raw) ? undefined : raw;
}
