import type { Auth, AuthDatabase, OutboxEntry, SecondaryStorage, SignUpPolicy } from '@gatehouse/core';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { checkReadiness } from './readiness.ts';
import { createWebAppHandler } from './web-app.ts';

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
}

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
  webDist,
  socialProviders = [],
  signUp = 'open',
  passwordMinLength = 8,
  passkeys = false,
}: AppDeps): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const base = auth.options.basePath;

  app.all(`${base}/*`, (c) =>
    auth.handler(c.req.raw, { remoteAddress: c.env?.incoming?.socket?.remoteAddress }),
  );

  // Liveness: the process answers. Readiness: it can also reach its database and is not
  // shutting down; the body names the state of the database and of Redis (README: Outages).
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    const readiness = await checkReadiness({ database, storage, shuttingDown });
    c.header('cache-control', 'no-store');
    return c.json(readiness, readiness.status === 'ready' ? 200 : 503);
  });

  // Public product settings the web app needs before anyone signs in.
  const publicConfig = { socialProviders, signUp, passwordMinLength, passkeys };
  app.get('/api/config', (c) => c.json(publicConfig));

  if (devOutbox) {
    app.get('/dev/outbox', (c) => {
      // The links in it act on accounts: only this machine may read them, and no cache may keep them.
      if (!isLoopback(c.env?.incoming?.socket?.remoteAddress)) return c.notFound();
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

const isLoopback = (address: string | undefined): boolean =>
  address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
