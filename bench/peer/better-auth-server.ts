// The reference ("peer") server: stock Better Auth 1.7 configured like Gatehouse,
// so the benchmark compares the two implementations and not two configurations.
// With the api-key plugin, as Gatehouse has API keys on: the key's own rate limit is off by default,
// as the bench's keys are on Gatehouse (bench/prepare.ts, createKeys), so no measured request is refused.
// It reads the same environment variables as Gatehouse so the orchestrator can start both alike.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { apiKey } from '@better-auth/api-key';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { toNodeHandler } from 'better-auth/node';
import { admin, organization } from 'better-auth/plugins';
import Database from 'better-sqlite3';
import pg from 'pg';

function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`peer: ${name} is required`);
  return value;
}

const port = Number(requireEnv('PORT'));
const baseURL = requireEnv('BASE_URL');
const dataDir = requireEnv('DATA_DIR');
const secret = requireEnv('AUTH_SECRET');
const cookieCacheMaxAge = Number(process.env.SESSION_COOKIE_CACHE_MAX_AGE ?? '0');

// DATABASE_URL as Gatehouse reads it: postgres://… for PostgreSQL (through `pg`), else an SQLite file.
const databaseUrl = process.env.DATABASE_URL ?? join(dataDir, 'peer.sqlite');
const postgres = /^postgres(ql)?:\/\//.test(databaseUrl);
const db = postgres ? new pg.Pool({ connectionString: databaseUrl }) : new Database(databaseUrl);
if (db instanceof Database) db.pragma('journal_mode = WAL');

const options = {
  database: db,
  plugins: [
    organization(),
    admin(),
    apiKey({ enableSessionForAPIKeys: true, rateLimit: { enabled: false } }),
  ],
  secret,
  baseURL,
  emailAndPassword: { enabled: true },
  rateLimit: { enabled: false },
  telemetry: { enabled: false },
  session: {
    cookieCache: { enabled: cookieCacheMaxAge > 0, maxAge: cookieCacheMaxAge > 0 ? cookieCacheMaxAge : 300 },
  },
};

const { runMigrations } = await getMigrations(options);
await runMigrations();

const auth = betterAuth(options);
const authHandler = toNodeHandler(auth);

const server = createServer((req, res) => {
  const path = req.url?.split('?', 1)[0] ?? '';
  if (path === '/api/auth' || path.startsWith('/api/auth/')) {
    authHandler(req, res).catch((error: unknown) => {
      console.error('peer: handler failed', error);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
    return;
  }
  if (req.method === 'GET' && path === '/ready') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  res.writeHead(404).end();
});

server.listen(port, '127.0.0.1', () => {
  console.log(`peer: listening on ${baseURL} (cookie cache ${cookieCacheMaxAge > 0 ? 'on' : 'off'})`);
});

function shutdown(): void {
  server.close(() => {
    if (db instanceof Database) db.close();
    else void db.end();
    process.exit(0);
  });
  // Keep-alive sockets from the load generator would otherwise hold close() open.
  server.closeAllConnections();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
