import {
  type Auth,
  type AuthDatabase,
  type OutboxEntry,
  type SecondaryStorage,
  type SignUpPolicy,
  securityHeaders,
} from '@gatehouse/core';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { Registry } from 'prom-client';
import { fromThisMachine, isLoopbackHost } from './loopback.ts';
import {
  type AccessLogVariables,
  accessLog,
  type FinishedRequest,
  UNMATCHED_ROUTE,
} from './observability/access-log.ts';
import type { Logger } from './observability/logger.ts';
import { type MetricsAccess, metricsHandler } from './observability/metrics-route.ts';
import { checkReadiness } from './readiness.ts';
import { createWebAppHandler, WEB_APP_POLICY } from './web-app.ts';

export interface AppDeps {
  auth: Auth;
  database: AuthDatabase;
  /** The shared storage (Redis) when configured; `/ready` reports on it. */
  storage?: SecondaryStorage;
  /** True once shutdown began: `/ready` answers 503 from then on. */
  shuttingDown?: () => boolean;
  /**
   * The dev outbox to list at `GET /dev/outbox`. Given only in development without SMTP: the
   * messages hold links that act on accounts (reset a password, delete an account), so anywhere
   * else the route must not exist.
   */
  devOutbox?: { list(): OutboxEntry[] };
  /** IP_ADDRESS_HEADERS: a request carrying one came through a proxy, so its peer says nothing. */
  ipAddressHeaders?: string[];
  /** The built web app's folder; default `apps/web/dist`. Not built: `/` answers a short text page. */
  webDist?: string;
  /** Configured social providers, listed by `GET /api/config` for the web app's buttons. */
  socialProviders?: { id: string; name: string }[];
  /** The sign-up policy, so the sign-in and sign-up pages can say whether and how one may join. */
  signUp?: SignUpPolicy;
  /** The shortest new password, so the pages can check it before asking the server. */
  passwordMinLength?: number;
  /** Whether passkeys are on (PASSKEYS), so the pages offer them only then. */
  passkeys?: boolean;
  /** Whether API keys are on (API_KEYS), so the account and organization pages offer them only then. */
  apiKeys?: boolean;
  /** Whether webhooks are on (WEBHOOKS), so the admin and organization pages offer them only then. */
  webhooks?: boolean;
  /** Whether emailed sign-in links and codes are on (MAGIC_LINK, EMAIL_OTP), so the sign-in page offers them. */
  magicLink?: boolean;
  emailOtp?: boolean;
  /** Whether usernames are on (USERNAME), so the pages offer the field and sign-in by username only then. */
  usernames?: boolean;
  /** Whether a browser may hold several accounts (MULTI_SESSION), so the user menu offers switching only then. */
  multiSession?: boolean;
  /** How self-service deletion confirms (ACCOUNT_DELETION), so the page can say an email comes first. */
  accountDeletion?: 'immediate' | 'email' | 'off';
  /** Where the access log goes (one line per request); without one, requests are not logged. */
  logger?: Logger;
  /** Told of every finished request, after the access line: the metrics count them. */
  onFinished?: (request: FinishedRequest) => void;
  /** Served at `GET /metrics` to this machine and to holders of the token; absent: 404. */
  metrics?: { registry: Registry; access: MetricsAccess };
}

type AppEnv = { Bindings: HttpBindings; Variables: AccessLogVariables };

/**
 * The product's HTTP surface: the engine under its base path, liveness and readiness checks,
 * and (until the web app lands) a short page at `/`.
 */
export function createApp({
  auth,
  database,
  storage,
  shuttingDown,
  devOutbox,
  ipAddressHeaders = [],
  webDist,
  socialProviders = [],
  signUp = 'open',
  passwordMinLength = 8,
  passkeys = false,
  apiKeys = false,
  webhooks = false,
  magicLink = false,
  emailOtp = false,
  usernames = false,
  multiSession = false,
  accountDeletion = 'immediate',
  logger,
  onFinished,
  metrics,
}: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = auth.options.basePath;
  if (logger) app.use('*', accessLog(logger, onFinished));
  // Every answer of the product's own (the web app, its files, the small JSON routes) carries the
  // web app's policy; the engine's answers are its own, as Better Auth's client expects them.
  const headers = Object.entries(securityHeaders(WEB_APP_POLICY));
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith(`${base}/`)) return;
    for (const [name, value] of headers) c.res.headers.set(name, value);
  });

  app.all(`${base}/*`, (c) =>
    auth.handler(c.req.raw, {
      remoteAddress: c.env?.incoming?.socket?.remoteAddress,
      requestId: c.get('reqId'),
      // The engine's own template, so logs and metrics never see a token the path carried.
      onAnswer: ({ route, code, signIn }) => {
        c.set('route', route ? `${base}${route}` : UNMATCHED_ROUTE);
        c.set('code', code);
        c.set('signIn', signIn);
      },
    }),
  );

  // Liveness: the process answers. Readiness: it can also reach its database and is not
  // shutting down; the body names the state of the database and of Redis (docs/operations.md#outages).
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    const readiness = await checkReadiness({ database, storage, shuttingDown });
    c.header('cache-control', 'no-store');
    return c.json(readiness, readiness.status === 'ready' ? 200 : 503);
  });

  // Public product settings the web app needs before anyone signs in.
  const publicConfig = {
    socialProviders,
    signUp,
    passwordMinLength,
    passkeys,
    apiKeys,
    webhooks,
    magicLink,
    emailOtp,
    usernames,
    multiSession,
    accountDeletion,
  };
  app.get('/api/config', (c) => c.json(publicConfig));

  // Claimed even when off, so the web app's history fallback never answers for it.
  if (metrics) app.get('/metrics', metricsHandler(metrics.registry, metrics.access));
  else app.get('/metrics', (c) => c.notFound());

  if (devOutbox) {
    app.get('/dev/outbox', (c) => {
      // The links in it act on accounts: only this machine may read them, and no cache may keep
      // them. A proxy on this machine relays the world from a loopback peer: its headers, or a
      // Host that is no loopback name, give it away (apps/server/README.md#security-headers-and-the-dev-outbox).
      const peer = c.env?.incoming?.socket?.remoteAddress;
      const header = (name: string) => c.req.header(name);
      if (!fromThisMachine(peer, header, ipAddressHeaders) || !isLoopbackHost(header('host')))
        return c.notFound();
      c.header('cache-control', 'no-store');
      return c.json({ messages: devOutbox.list() });
    });
  } else {
    // Claimed even when off, so the web app's history fallback never answers for it.
    app.get('/dev/outbox', (c) => c.notFound());
  }

  const webApp = createWebAppHandler(webDist);
  if (webApp) app.get('*', webApp);
  else
    app.get('/', (c) =>
      c.text(`Gatehouse is running. The API is served under ${base}; build the web app with npm start.\n`),
    );
  return app;
}
