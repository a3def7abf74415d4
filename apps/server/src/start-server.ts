import { createServer, type Server } from 'node:http';
import {
  type Auth,
  answerClientErrorsAsJson,
  connectDatabase,
  createAuth,
  createRedisStorage,
  dropValueSamples,
  migrateDatabase,
  searchIndexUpkeep,
} from '@gatehouse/core';
import { createApp } from './app.ts';
import { invitationLink } from './app-links.ts';
import { API_KEY_MIN_EXPIRES_IN } from './config/api-keys.ts';
import type { Config } from './config.ts';
import { dataPaths, openToOthers } from './data-permissions.ts';
import { createIpLocator } from './geoip.ts';
import { createMailer } from './mail.ts';
import {
  createLogger,
  errorLogger,
  type Logger,
  type LogOutput,
  requestFields,
} from './observability/logger.ts';
import { countMailFailures } from './observability/mail-failures.ts';
import { createMetrics } from './observability/metrics.ts';
import { createRequestListener } from './request-listener.ts';
import { loadOrCreateSecret } from './secret.ts';
import { engineSocialProviders, publicSocialProviders } from './social-config.ts';

export interface RunningServer {
  url: string;
  /** The server's logger, for the host's own lines (shutdown). */
  logger: Logger;
  /**
   * Graceful shutdown: `/ready` answers 503 at once, no new connections are accepted, requests
   * in flight get `SHUTDOWN_GRACE` seconds to finish, then the database and Redis are closed, and
   * the log's last lines are handed to its reader (`batched-output.ts`).
   */
  close(): Promise<void>;
}

/** How long a shutdown waits for the log's reader to take the last lines (`batched-output.ts`). */
const LOG_DRAIN_TIMEOUT_MS = 2_000;

/** How often SQLite's user search index is looked at; a look costs a fraction of a millisecond. */
const SEARCH_INDEX_UPKEEP_MS = 60_000;

/**
 * Opens the database, applies migrations, builds the engine and starts listening. Log lines go
 * to `output` (default stdout) as LOG_FORMAT and LOG_LEVEL say. Tests pass `wrapEngine` to check
 * every engine answer against the OpenAPI document (`testing/checked-server.ts`).
 */
export async function startServer(
  config: Config,
  output?: LogOutput,
  wrapEngine?: (auth: Auth) => Promise<Auth>,
): Promise<RunningServer> {
  const logger = createLogger(config.observability, output);
  const logError = errorLogger(logger);
  const metrics = createMetrics(() => ({ database, storage }), {
    redis: config.redisURL !== undefined,
    webhooks: config.webhooks.enabled,
  });
  // Migrations may rewrite large tables: they run without the statement timeout requests get.
  const migrating = connectDatabase(config.databaseURL, { statementTimeoutMs: 0, logError });
  try {
    const report = await migrateDatabase(migrating);
    if (report.applied.length > 0) logger.info({ migrations: report.applied }, 'applied migrations');
  } finally {
    if (migrating.dialect === 'postgres') await migrating.close();
  }
  const database =
    migrating.dialect === 'postgres'
      ? connectDatabase(config.databaseURL, {
          statementTimeoutMs: config.databaseStatementTimeoutMs,
          // The pool reports only lost connections here.
          logError: (message, error) => {
            metrics.connectionLost();
            logError(message, error);
          },
        })
      : migrating;

  const exposed = openToOthers(dataPaths(config.dataDir, config.databaseURL, database.dialect));
  if (exposed.length > 0)
    logger.warn(
      { paths: exposed },
      'data files are readable by other users: they hold the secret and session tokens (chmod 700 the folder, 600 the files)',
    );

  // Redis lets several server copies share revocations; one process alone keeps them in memory.
  const storage = config.redisURL
    ? createRedisStorage(config.redisURL, { log: (message, error) => logger.warn({ err: error }, message) })
    : undefined;
  // Serving before Redis answers would count as an outage (caches distrusted once); an
  // unreachable Redis does not stop the start, the breaker takes over.
  await storage?.ready(2000);
  // Before serving: samples an operator's ANALYZE left would slow every keyed read (value-samples.ts).
  await dropValueSamples(database);
  // SQLite's user search index, merged when sign-ups or an import left it in pieces.
  const upkeep = searchIndexUpkeep(database, { intervalMs: SEARCH_INDEX_UPKEEP_MS, logError });
  const mail = createMailer(config, (line, context) => logger.info(requestFields(context), line));
  const auth = createAuth({
    storage,
    mailer: mail.mailer && countMailFailures(mail.mailer, metrics.mailFailed),
    locateIp: config.geoip ? createIpLocator() : undefined,
    // Without APP_URL the link lands on the web app's page (the engine's default).
    signInAlerts: { enabled: config.signInAlerts, activityURL: config.appLinks.securityActivity },
    secret: config.secret ?? loadOrCreateSecret(config.dataDir),
    baseURL: config.baseURL,
    appName: config.appName,
    database,
    logError,
    events: metrics.events,
    trustedOrigins: config.trustedOrigins,
    // Apps on the trusted origins call the API from the browser (docs/app-integration.md#cors).
    cors: { enabled: true },
    bearer: { enabled: config.bearer !== 'off', requireSignature: config.bearer === 'signed' },
    rateLimit: { enabled: config.rateLimit },
    emailAndPassword: {
      requireEmailVerification: config.requireEmailVerification,
      minPasswordLength: config.passwordMinLength,
      rejectCommonPasswords: config.rejectCommonPasswords,
      // A reset is the way back after a compromise: whoever held a session is out
      // (packages/core/src/features/password-reset/README.md).
      revokeSessionsOnPasswordReset: true,
    },
    signUp: config.signUp,
    audit: { retentionDays: config.auditRetentionDays },
    // Every new account gets a verification link; a person refused for an unverified email gets
    // a fresh one at once (sign-in is rate limited).
    emailVerification: { sendOnSignUp: true, sendOnSignIn: true },
    user: {
      changeEmail: { enabled: true },
      deleteUser: {
        enabled: config.accountDeletion !== 'off',
        sendVerificationEmail: config.accountDeletion === 'email',
      },
    },
    advanced: {
      ipAddressHeaders: config.ipAddressHeaders,
      crossSubDomainCookies: config.cookieDomain ? { enabled: true, domain: config.cookieDomain } : undefined,
    },
    emailLinks: {
      verifyEmail: config.appLinks.verifyEmail,
      resetPassword: config.appLinks.resetPassword,
      changeEmail: config.appLinks.changeEmail,
    },
    admin: { enabled: true, adminEmails: config.adminEmails },
    jwt: { enabled: config.jwt },
    // A callback that fails before its state is read lands on the web app's page, not a bare one.
    onAPIError: { errorURL: `${config.baseURL}/social-error` },
    organization: {
      enabled: config.organizations.enabled,
      teams: { enabled: config.organizations.teams },
      dynamicAccessControl: { enabled: config.organizations.customRoles },
      membershipLimit: config.organizations.membershipLimit,
      invitationLink: appInvitationLink(config.appLinks.invitation),
    },
    socialProviders: engineSocialProviders(config.socialProviders),
    // Emailed codes are offered whenever mail can be sent; social sign-ins that owe a second
    // factor land on the web app's /sign-in/two-factor page.
    twoFactor: { enabled: config.twoFactor },
    // rpID is BASE_URL's host, expected origins BASE_URL + TRUSTED_ORIGINS, rpName APP_NAME.
    passkey: config.passkeys ? {} : false,
    // Personal keys, and organization keys while organizations are on (features/api-key/README.md).
    apiKey: config.apiKeys.enabled
      ? {
          defaultExpiresIn: config.apiKeys.defaultExpiresIn,
          minExpiresIn: API_KEY_MIN_EXPIRES_IN,
          maxExpiresIn: config.apiKeys.maxExpiresIn,
          rateLimit: config.apiKeys.rateLimit,
        }
      : false,
    // Off unless WEBHOOKS=on (docs/protocol/webhooks.md#1-settings).
    webhooks: config.webhooks.enabled
      ? {
          allowPrivateUrls: config.webhooks.allowPrivateUrls,
          retryBaseMs: config.webhooks.retryBaseMs,
          timeoutMs: config.webhooks.timeoutMs,
          // The screens are the web app's: under APP_URL when it is hosted elsewhere.
          ...(config.appLinks.appURL && {
            screens: {
              admin: `${config.appLinks.appURL}/admin/webhooks`,
              organization: `${config.appLinks.appURL}/organization/webhooks`,
            },
          }),
        }
      : false,
    // Off unless MAGIC_LINK=on / EMAIL_OTP=on (docs/protocol/passwordless.md).
    magicLink: config.passwordless.magicLink ?? false,
    emailOtp: config.passwordless.emailOtp ?? false,
    // Off unless USERNAME=on / MULTI_SESSION=on (docs/configuration.md).
    username: config.usernames ? {} : false,
    multiSession: config.multiSession ? {} : false,
    // Provider tokens are encrypted at rest with the secret
    // (docs/protocol/social.md#token-encryption-at-rest).
    account: { encryptOAuthTokens: true },
    session: {
      expiresIn: config.session.expiresIn,
      updateAge: config.session.updateAge,
      freshAge: config.session.freshAge,
      cookieCache: {
        enabled: config.session.cookieCacheMaxAge > 0,
        maxAge: config.session.cookieCacheMaxAge,
      },
    },
  });
  // Set when shutdown begins: /ready answers 503 from then on.
  let shuttingDown = false;
  const engine = wrapEngine ? await wrapEngine(auth) : auth;
  const app = createApp({
    auth: engine,
    database,
    storage,
    shuttingDown: () => shuttingDown,
    devOutbox: mail.devOutbox,
    ipAddressHeaders: config.ipAddressHeaders,
    socialProviders: publicSocialProviders(config.socialProviders),
    signUp: config.signUp,
    passwordMinLength: config.passwordMinLength,
    passkeys: config.passkeys,
    apiKeys: config.apiKeys.enabled,
    webhooks: config.webhooks.enabled,
    magicLink: config.passwordless.magicLink !== undefined,
    emailOtp: config.passwordless.emailOtp !== undefined,
    usernames: config.usernames,
    multiSession: config.multiSession,
    accountDeletion: config.accountDeletion,
    logger,
    onFinished: metrics.requestFinished,
    metrics: {
      registry: metrics.registry,
      access: { token: config.observability.metricsToken, ipAddressHeaders: config.ipAddressHeaders },
    },
  });

  const server = createServer(
    createRequestListener({ auth: engine, app, logger, onFinished: metrics.requestFinished }),
  );
  await new Promise<void>((resolve) => server.listen(config.port, '0.0.0.0', resolve));
  answerClientErrorsAsJson(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, publicURL: config.baseURL }, 'listening');
  return {
    url: `http://127.0.0.1:${port}`,
    logger,
    async close() {
      shuttingDown = true;
      const graceMs = config.shutdownGraceSeconds * 1000;
      // No prune or webhook attempt may start on a database that is about to close; the attempts
      // already sent finish beside the requests, within the same grace, and are recorded (an
      // unrecorded one would go out again after its lease: docs/operations.md#outages).
      await Promise.all([drain(server, graceMs), settledWithin(auth.audit.stopRetention(), graceMs)]);
      await upkeep.stop();
      await mail.close();
      await database.close();
      await storage?.close?.();
      // Last, so the lines of the shutdown itself are among those waited for.
      await logger.drain(LOG_DRAIN_TIMEOUT_MS);
    },
  };
}

/** Waits for `work`, for at most `ms`. */
async function settledWithin(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const over = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([work, over]);
  clearTimeout(timer);
}

/**
 * Stops accepting connections and lets requests in flight finish, for at most `graceMs`; then
 * ends whatever is left. Keep-alive connections are closed as soon as they fall idle, or they
 * would hold the server open until the grace ran out.
 */
async function drain(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  if (!('closeIdleConnections' in server)) return closed;
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  await Promise.race([closed, graceOver]);
  clearInterval(sweep);
  clearTimeout(timer);
  server.closeAllConnections();
  await closed;
}

/** Invitations link to the app's page when it has one; otherwise the engine's default (the web app's). */
function appInvitationLink(template: string | undefined) {
  return template ? (id: string) => invitationLink(template, id) : undefined;
}
