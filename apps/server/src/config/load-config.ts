/**
 * Configuration readers: each file here reads one area of the environment (server, database,
 * origins, session, mail, sign-in, organizations, accounts, security, the secret; social providers
 * and observability have theirs next to the code that uses them) and adds one line per problem,
 * naming the variable. `loadConfig` runs them all, so an operator sees every problem at once, and
 * throws a ConfigError listing them; the server prints them and exits (main.ts).
 * A new variable goes in its area's reader; a rule spanning two areas takes the other's value as
 * an argument.
 *
 * TRUSTED_ORIGINS (trusted-origins.ts) takes exact http(s) origins and `https://*.example.com`
 * wildcards only: a trusted origin gets credentialed CORS, passes the CSRF check and can receive
 * emailed tokens, so `*`, `http://*`, a wildcard without a scheme, in the middle, the scheme or
 * the port, over a bare top-level domain, an empty label, a path or a query, and custom schemes,
 * are each a problem line naming the entry. The engine refuses only entries that trust every
 * site, keeping Better Auth's other patterns for library users (packages/core README).
 */
import { type ObservabilityConfig, readObservability } from '../observability/observability-config.ts';
import { readSocialProviders, type SocialProviderConfig } from '../social-config.ts';
import { type AccountsConfig, readAccounts } from './accounts.ts';
import { type ApiKeysConfig, readApiKeys } from './api-keys.ts';
import { readAuthSecret } from './auth-secret.ts';
import { ConfigError } from './config-error.ts';
import { type DatabaseConfig, readDatabase } from './database.ts';
import { type MailConfig, readMail } from './mail.ts';
import { type OrganizationsConfig, readOrganizations } from './organizations.ts';
import { type OriginsConfig, readOrigins } from './origins.ts';
import { type PasswordlessConfig, readPasswordless } from './passwordless.ts';
import { readSecurity, type SecurityConfig } from './security.ts';
import { readServer, type ServerConfig } from './server.ts';
import { readSession, type SessionDurations } from './session.ts';
import { readSignIn, type SignInConfig } from './sign-in.ts';
import { readUsernamesAndSwitching, type UsernamesAndSwitchingConfig } from './usernames-and-switching.ts';
import type { Env } from './variables.ts';
import { readWebhooks, type WebhooksConfig } from './webhooks.ts';

/** The product's settings, read from the environment (docs/configuration.md). */
export interface Config
  extends ServerConfig,
    DatabaseConfig,
    OriginsConfig,
    MailConfig,
    SignInConfig,
    AccountsConfig,
    SecurityConfig,
    UsernamesAndSwitchingConfig {
  /** Unset outside production: the server generates one and keeps it in the data directory. */
  secret: string | undefined;
  session: SessionDurations;
  organizations: OrganizationsConfig;
  /** API keys (API_KEYS and the API_KEY_* limits). */
  apiKeys: ApiKeysConfig;
  /** Webhooks (WEBHOOKS, WEBHOOKS_ALLOW_PRIVATE_URLS, WEBHOOK_RETRY_BASE_MS, WEBHOOK_TIMEOUT_MS). */
  webhooks: WebhooksConfig;
  /** Emailed sign-in links and codes (MAGIC_LINK, EMAIL_OTP and their lifetimes). */
  passwordless: PasswordlessConfig;
  /** Social sign-in providers with complete credentials, in display order. */
  socialProviders: SocialProviderConfig[];
  /** Logs (LOG_LEVEL, LOG_FORMAT) and metrics access (METRICS_TOKEN). */
  observability: ObservabilityConfig;
}

/** Reads and checks every setting at once; throws a ConfigError with every problem, one line each. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const { port, baseURL, dataDir, production, shutdownGraceSeconds, ipAddressHeaders, appName } = readServer(
    env,
    problems,
  );
  const { databaseURL, databaseStatementTimeoutMs, redisURL } = readDatabase(env, dataDir, problems);
  const { trustedOrigins, cookieDomain, appLinks } = readOrigins(env, baseURL, problems);
  const session = readSession(env, problems);
  const { smtpURL, mailFrom } = readMail(env, problems);
  const { twoFactor, passkeys, bearer, jwt } = readSignIn(env, problems);
  const organizations = readOrganizations(env, problems);
  const apiKeys = readApiKeys(env, problems);
  const webhooks = readWebhooks(env, problems);
  const passwordless = readPasswordless(env, { production, smtpURL }, problems);
  const { usernames, multiSession } = readUsernamesAndSwitching(env, problems);
  const {
    signUp,
    passwordMinLength,
    rejectCommonPasswords,
    requireEmailVerification,
    accountDeletion,
    adminEmails,
  } = readAccounts(env, { production, smtpURL, organizations: organizations.enabled }, problems);
  const { rateLimit, signInAlerts, geoip, auditRetentionDays } = readSecurity(env, problems);
  const secret = readAuthSecret(env, production, problems);
  const socialProviders = readSocialProviders(env, problems);
  const observability = readObservability(env, production, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  // Listed in the order `gatehouse config check` has always printed them.
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
    apiKeys,
    webhooks,
    passwordless,
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
    usernames,
    multiSession,
  };
}
