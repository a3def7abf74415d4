import { join } from 'node:path';
import { type Env, variableReader } from './variables.ts';

/** Where accounts are stored, and the optional shared store for sessions and rate limits. */
export interface DatabaseConfig {
  databaseURL: string;
  /** PostgreSQL's statement timeout in milliseconds: no query may hold a request longer. */
  databaseStatementTimeoutMs: number;
  redisURL: string | undefined;
}

/** Reads DATABASE_URL (default: a SQLite file in the data directory), its statement timeout and REDIS_URL. */
export function readDatabase(env: Env, dataDir: string, problems: string[]): DatabaseConfig {
  const read = variableReader(env, problems);
  return {
    databaseURL: read.value(
      'DATABASE_URL',
      join(dataDir, 'gatehouse.sqlite'),
      parseDatabaseURL,
      'postgres://… or an SQLite file path',
    ),
    databaseStatementTimeoutMs: read.value(
      'DATABASE_STATEMENT_TIMEOUT_MS',
      5000,
      (raw) => (/^\d+$/.test(raw) && Number(raw) >= 100 ? Number(raw) : undefined),
      'a whole number of milliseconds, at least 100',
    ),
    redisURL: read.value(
      'REDIS_URL',
      undefined as string | undefined,
      (raw) => (/^rediss?:\/\//.test(raw) ? raw : undefined),
      'redis://host:port',
    ),
  };
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
