import { closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { BoundedMap } from '../util/bounded-map.ts';
import { createResilientPool, DEFAULT_POSTGRES_SETTINGS, type PostgresSettings } from './postgres-pool.ts';
import type { AuthDatabase, Schema } from './schema.ts';
import { GatehousePostgresDialect } from './schema-migration-lock.ts';
import { ArrayRowReader, keptStatement } from './sqlite-rows.ts';

export type { PostgresSettings } from './postgres-pool.ts';

/**
 * Opens the database named by a URL: `postgres://…` / `postgresql://…` selects PostgreSQL, and
 * anything else is an SQLite file path (`file:` prefix allowed, `:memory:` for tests).
 */
export function connectDatabase(url: string, postgres: Partial<PostgresSettings> = {}): AuthDatabase {
  if (/^postgres(ql)?:\/\//.test(url))
    return connectPostgres(url, { ...DEFAULT_POSTGRES_SETTINGS, ...postgres });
  return connectSqlite(sqliteFilePath(url));
}

/** The SQLite file a database URL names (`file:` or `sqlite:` prefix dropped); `:memory:` as it is. */
export const sqliteFilePath = (url: string): string => url.replace(/^(sqlite|file):(\/\/)?/, '');

function connectSqlite(path: string): AuthDatabase {
  if (path !== ':memory:') createOwnerOnly(path);
  const sqlite = new SQLite(path);
  // WAL lets readers run alongside the writer; NORMAL sync is durable across process crashes in WAL.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads through a memory map skip a copy per page; 256 MiB covers any embedded-size database.
  sqlite.pragma('mmap_size = 268435456');
  // One statement per SQL text, kept, for Kysely and the direct reads alike; reads answer rows as
  // arrays named in JavaScript (sqlite-rows.ts).
  const statements = perSqlText((source) => keptStatement(sqlite.prepare(source)));
  const reader = (source: string): ArrayRowReader => {
    const statement = statements(source);
    if (statement instanceof ArrayRowReader) return statement;
    throw new TypeError('selectFirst and selectAll take a statement that returns rows');
  };
  const db = new Kysely<Schema>({
    dialect: new SqliteDialect({ database: withPrepare(sqlite, statements) }),
  });
  return {
    db,
    dialect: 'sqlite',
    // better-sqlite3 is synchronous; one indexed read takes a few microseconds.
    selectFirst: async (sql, parameters) => reader(sql).first(parameters),
    selectAll: async (sql, parameters) => reader(sql).all(parameters),
    close: () => db.destroy(),
  };
}

/**
 * The database holds session tokens: a new one, and a new folder for it, are readable by their
 * owner only. SQLite gives its `-wal` and `-shm` files the main file's mode, so they follow. An
 * existing file keeps the mode its operator gave it (the server warns when it is open to others).
 */
function createOwnerOnly(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
}

function connectPostgres(url: string, settings: PostgresSettings): AuthDatabase {
  const pool = createResilientPool(url, settings);
  const db = new Kysely<Schema>({ dialect: new GatehousePostgresDialect({ pool: pool.kyselyPool }) });
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
 * What `make` builds for each SQL text, kept. The engine sends a small, fixed set of texts; the
 * cap only guards against unbounded growth from ad-hoc queries.
 */
function perSqlText<T>(make: (source: string) => T): (source: string) => T {
  const cache = new BoundedMap<string, T>(500);
  return (source) => {
    let made = cache.get(source);
    if (made === undefined) {
      made = make(source);
      cache.set(source, made);
    }
    return made;
  };
}

/**
 * Kysely prepares a statement for every query; SQLite's prepare parses and plans the SQL each
 * time, so Kysely is handed the kept statements instead.
 */
function withPrepare(
  sqlite: SQLite.Database,
  prepare: (source: string) => SQLite.Statement | ArrayRowReader,
): SQLite.Database {
  return new Proxy(sqlite, {
    get: (target, property, receiver) =>
      property === 'prepare' ? prepare : Reflect.get(target, property, receiver),
  });
}
