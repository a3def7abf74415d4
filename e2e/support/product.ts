import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, ensureAdmin, migrateDatabase } from '@gatehouse/core';
import { loadConfig } from '../../apps/server/src/config.ts';
import { type RunningServer, startServer } from '../../apps/server/src/start-server.ts';
import { freePort } from '../../apps/server/src/testing/free-port.ts';

export interface Product {
  url: string;
  /** The product's database, for a test that seeds more than the API makes quick (members at scale). */
  databaseURL: string;
  /** Links in the dev outbox, newest first, for one recipient. */
  mailLinks(to: string): Promise<string[]>;
  /** Codes (two-factor codes, emailed sign-in codes) in the dev outbox, newest first, for one recipient. */
  mailCodes(to: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The product as `npm start` runs it: the real server on a fresh SQLite database, serving the
 * built web app, with the dev outbox for email. The rate limiter is off: one test browser signs
 * in far more often than a person would.
 */
export async function startProduct(
  options: {
    admins?: { email: string; password: string }[];
    /** More environment for the server, e.g. OIDC_* to offer sign-in with a test provider. */
    env?: Record<string, string>;
    /** A port chosen beforehand, when something (a provider's redirect URI) must know it first. */
    port?: number;
    /** The public host name in BASE_URL (a browser maps it to loopback); default 127.0.0.1. */
    host?: string;
    /** False when only the API is used: the web app is then not built. */
    webApp?: boolean;
  } = {},
): Promise<Product> {
  if (options.webApp !== false)
    execSync('node scripts/build-web-if-needed.mjs', {
      cwd: join(import.meta.dirname, '..', '..'),
      stdio: 'inherit',
    });
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  const port = options.port ?? (await freePort());
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  const config = loadConfig({
    ...options.env,
    PORT: String(port),
    BASE_URL: url,
    DATA_DIR: dataDir,
    RATE_LIMIT: 'off',
  });
  if (options.admins) {
    // As an operator would with `npm run create-admin`, before the server starts.
    const database = connectDatabase(config.databaseURL);
    await migrateDatabase(database);
    for (const admin of options.admins) await ensureAdmin(database, admin);
    await database.close();
  }
  const server: RunningServer = await startServer(config, () => {});
  const outbox = async (to: string) => {
    // The outbox answers this machine only, under any host name: ask loopback directly.
    const response = await fetch(`http://127.0.0.1:${port}/dev/outbox`);
    const { messages } = (await response.json()) as {
      messages: { to: string; link: string; code?: string }[];
    };
    return messages.filter((m) => m.to === to);
  };
  return {
    url,
    databaseURL: config.databaseURL,
    async mailLinks(to) {
      return (await outbox(to)).map((m) => m.link);
    },
    async mailCodes(to) {
      return (await outbox(to)).flatMap((m) => (m.code ? [m.code] : []));
    },
    async stop() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
