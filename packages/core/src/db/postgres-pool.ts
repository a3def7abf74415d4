import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { isHotReadText } from './hot-read.ts';
import { namedRows } from './postgres-rows.ts';
import type { PoolUse } from './schema.ts';
import { gatehouseTypes } from './timestamp-text.ts';
import { isServiceUnavailable } from './unavailable.ts';

/** How the engine reaches PostgreSQL when the network or the server misbehaves. */
export interface PostgresSettings {
  /** Longest wait for a new connection, or for a free one when the pool is full. */
  connectTimeoutMs: number;
  /** PostgreSQL's `statement_timeout` for every connection; 0 means none (migrations). */
  statementTimeoutMs: number;
  /** Where losses of idle connections are reported (they are replaced on the next query). */
  logError: (message: string, error: unknown) => void;
}

export const DEFAULT_POSTGRES_SETTINGS: PostgresSettings = {
  connectTimeoutMs: 2000,
  statementTimeoutMs: 5000,
  logError: (message, error) =>
    console.error(`gatehouse: ${message}:`, error instanceof Error ? error.message : error),
};

/**
 * A server that stops answering (a hung network, a paused host) never sends the statement
 * timeout's error: the client gives up this much later and drops the connection instead.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

/** How often the watchdog looks for statements past their time; it may give up this much late. */
const WATCHDOG_INTERVAL_MS = 250;

/** Connections per process; several server copies share the database's `max_connections`. */
const POOL_MAX = 10;

export interface ResilientPool {
  /** For Kysely: hands out connections that are dropped, not reused, once their link failed. */
  kyselyPool: PostgresPool;
  /**
   * One statement on a pooled connection. `named`: PostgreSQL parses and plans it once per
   * connection and then only binds and runs it; for fixed texts only (the hot path's), since each
   * name is kept by the connection for its lifetime.
   */
  query(sql: string, parameters: readonly unknown[], named?: boolean): Promise<Record<string, unknown>[]>;
  use(): PoolUse;
  end(): Promise<void>;
}

/**
 * A `pg.Pool` that survives PostgreSQL going away. Without an `error` listener, a server-side
 * disconnect of an idle connection (a restart, `pg_terminate_backend`) is an unhandled `error`
 * event that ends the process; a checked-out connection has no listener at all. Here both are
 * handled, connecting is bounded by `connectTimeoutMs`, statements by `statementTimeoutMs`, and a
 * connection whose link failed is destroyed on release so the pool opens a fresh one once the
 * database is back.
 */
export function createResilientPool(url: string, settings: PostgresSettings): ResilientPool {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    ...(settings.statementTimeoutMs > 0 && { statement_timeout: settings.statementTimeoutMs }),
    keepAlive: true,
    types: gatehouseTypes,
  });
  pool.on('error', (error) => settings.logError('PostgreSQL dropped an idle connection', error));
  const watchdog =
    settings.statementTimeoutMs > 0
      ? startWatchdog(settings.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS)
      : undefined;

  const checkout = async () => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on('error', onError);
    return {
      client,
      async query(sql: string, parameters: readonly unknown[], name?: string) {
        // Once the link failed, later statements (Kysely's rollback) fail at once instead of
        // waiting behind a query that will never be answered.
        if (broken) throw broken;
        watchdog?.started(client);
        try {
          const { command, rowCount, fields, rows } = await client.query<unknown[]>({
            text: sql,
            values: parameters as unknown[],
            name,
            rowMode: 'array',
          });
          // What Kysely and the direct reads use of a result, with the rows named (postgres-rows.ts).
          return { command, rowCount, rows: namedRows(fields, rows) };
        } catch (error) {
          // A timeout or a lost link leaves the connection in an unknown state: never reuse it.
          // Nor one whose prepared statement went stale (a migration changed a table under it).
          if (isServiceUnavailable(error) || isStalePlan(error)) broken ??= error as Error;
          throw error;
        } finally {
          watchdog?.finished(client);
        }
      },
      release() {
        client.removeListener('error', onError);
        if (broken) destroy(client);
        client.release(broken);
      },
    };
  };

  return {
    kyselyPool: {
      async connect(): Promise<PostgresPoolClient> {
        const connection = await checkout();
        // Kysely's cursor overload serves streaming, which the engine never uses. Hot reads
        // (`hot-read.ts`) are fixed texts: each gets its named statement.
        const query = (sql: string, parameters: readonly unknown[]) =>
          connection.query(sql, parameters, isHotReadText(sql) ? statementName(sql) : undefined);
        return {
          query: query as unknown as PostgresPoolClient['query'],
          release: () => connection.release(),
        };
      },
      end: () => pool.end(),
    },
    async query(sql, parameters, named) {
      const run = async (name?: string) => {
        const connection = await checkout();
        try {
          return (await connection.query(sql, parameters, name)).rows;
        } finally {
          connection.release();
        }
      };
      try {
        return await run(named ? statementName(sql) : undefined);
      } catch (error) {
        // Another server copy migrated the schema: that connection is gone, the read is retried once.
        if (named && isStalePlan(error)) return run(undefined);
        throw error;
      }
    },
    use: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    end: () => {
      watchdog?.stop();
      return pool.end();
    },
  };
}

/**
 * Gives up on statements the server has not answered within `limitMs`: their connection is torn
 * down, which fails the statement with node-postgres's own "Query read timeout" (an outage:
 * `unavailable.ts`) and keeps the connection from being reused. One timer for the whole pool,
 * rather than node-postgres's `query_timeout`, which sets and clears a timer for every statement
 * (about a tenth of a hot-path read's cost on this machine, `npm run bench:cost`).
 */
function startWatchdog(limitMs: number) {
  const running = new Map<pg.PoolClient, number>();
  const timer = setInterval(() => {
    const now = Date.now();
    for (const [client, since] of running) {
      if (now - since < limitMs) continue;
      running.delete(client);
      client.connection?.stream?.destroy(new Error('Query read timeout'));
    }
  }, WATCHDOG_INTERVAL_MS).unref();
  return {
    started: (client: pg.PoolClient) => void running.set(client, Date.now()),
    finished: (client: pg.PoolClient) => void running.delete(client),
    stop: () => clearInterval(timer),
  };
}

/**
 * `end()` says goodbye and waits for the server's answer, which a hung link never sends; the
 * socket is torn down instead. The stream is pg's own, so a broken link always has one.
 */
function destroy(client: pg.PoolClient): void {
  client.connection?.stream?.destroy();
}

/** PostgreSQL's "cached plan must not change result type": a table changed under a prepared statement. */
export function isStalePlan(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '0A000';
}

/**
 * A fixed SQL text's statement name: the same on every connection and every server copy, so a
 * connection prepares each text once.
 */
const statementNames = new Map<string, string>();
function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `gh_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}
