import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { createResilientPool, DEFAULT_POSTGRES_SETTINGS, type PostgresSettings } from './postgres-pool.ts';
import type { AuthDatabase, Schema } from './schema.ts';

export type { PostgresSettings } from './postgres-pool.ts';

/**
 * Opens the database named by a URL: `postgres://…` / `postgresql://…` selects PostgreSQL, and
 * anything else is an SQLite file path (`file:` prefix allowed, `:memory:` for tests).
 */
export function connectDatabase(url: string, postgres: Partial<PostgresSettings> = {}): AuthDatabase {
  if (/^postgres(ql)?:\/\//.test(url))
    return connectPostgres(url, { ...DEFAULT_POSTGRES_SETTINGS, ...postgres });
  return connectSqlite(url.replace(/^(sqlite|file):(\/\/)?/, ''));
}

function connectSqlite(path: string): AuthDatabase {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  // WAL lets readers run alongside the writer; NORMAL sync is durable across process crashes in WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads through a memory map skip a copy per page; 256 MiB covers any embedded-size database.
  sqlite.pragma('mmap_size = 268435456');
  const { database: cached, prepare } = withStatementCache(sqlite);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: cached }) });
  return {
    db,
    dialect: 'sqlite',
    // better-sqlite3 is synchronous; one indexed read takes a few microseconds. The cache's own
    // prepare skips the proxy hop Kysely's calls go through.
    selectFirst: async (sql, parameters) =>
      prepare(sql).get(...parameters) as Record<string, unknown> | undefined,
    selectAll: async (sql, parameters) => prepare(sql).all(...parameters) as Record<string, unknown>[],
    close: () => db.destroy(),
  };
}

function connectPostgres(url: string, settings: PostgresSettings): AuthDatabase {
  const pool = createResilientPool(url, settings);
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: pool.kyselyPool }) });
  return {
    db,
    dialect: 'postgres',
    selectFirst: async (sql, parameters) => (await pool.query(sql, parameters, true))[0],
    selectAll: (sql, parameters) => pool.query(sql, parameters, true),
    poolUse: () => pool.use(),
    close: () => db.destroy(),
  };
}

/**
 * Kysely prepares a statement for every query; SQLite's prepare parses and plans the SQL each
 * time. The engine sends a small, fixed set of SQL texts, so keeping their statements saves that
 * work on every request. The cap only guards against unbounded growth from ad-hoc queries.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  const prepareUncached = sqlite.prepare.bind(sqlite);
  const prepare = (source: string): SQLite.Statement => {
    let statement = cache.get(source);
    if (!statement) {
      if (cache.size >= 500) cache.clear();
      statement = prepareUncached(source);
      cache.set(source, statement);
    }
    return statement;
  };
  const database = new Proxy(sqlite, {
    get: (target, property, receiver) =>
      property === 'prepare' ? prepare : Reflect.get(target, property, receiver),
  });
  return { database, prepare };
}
