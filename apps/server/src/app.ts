import type { Auth, AuthDatabase } from '@gatehouse/core';
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';

export interface AppDeps {
  auth: Auth;
  database: AuthDatabase;
}

/**
 * The product's HTTP surface: the engine under its base path, liveness and readiness checks,
 * and (until the web app lands) a short page at `/`.
 */
export function createApp({ auth, database }: AppDeps): Hono<{ Bindings: HttpBindings }> {
  const app = new Hono<{ Bindings: HttpBindings }>();
  const base = auth.options.basePath;

  app.all(`${base}/*`, (c) =>
    auth.handler(c.req.raw, { remoteAddress: c.env?.incoming?.socket?.remoteAddress }),
  );

  // Liveness: the process answers. Readiness: it can also reach its database.
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.get('/ready', async (c) => {
    try {
      await database.db.selectFrom('user').select('id').limit(1).execute();
      return c.json({ status: 'ready' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  app.get('/', (c) => c.text(`Gatehouse is running. The API is served under ${base} (try ${base}/ok).\n`));
  return app;
}
