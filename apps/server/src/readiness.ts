import type { AuthDatabase, SecondaryStorage } from '@gatehouse/core';

/** `GET /ready`'s body (docs/operations.md#outages). */
export interface Readiness {
  status: 'ready' | 'unavailable' | 'shutting-down';
  database: 'up' | 'down';
  /** `off` when no REDIS_URL is configured. */
  redis: 'up' | 'down' | 'off';
}

export interface ReadinessSources {
  database: AuthDatabase;
  /** The shared storage (Redis); absent when the process keeps its state in memory. */
  storage?: SecondaryStorage;
  /** True once shutdown began: load balancers must stop sending traffic at once. */
  shuttingDown?: () => boolean;
}

/**
 * Ready means "send me traffic": the process is not shutting down and its database answers.
 * Redis being down does not make it unready, since sessions and rate limits fall back to the
 * database and to memory; the body says so for monitoring.
 */
export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    probeDatabase(sources.database),
    probeStorage(sources.storage),
  ]);
  const status = sources.shuttingDown?.() ? 'shutting-down' : database === 'up' ? 'ready' : 'unavailable';
  return { status, database, redis };
}

export async function probeDatabase(database: AuthDatabase): Promise<Readiness['database']> {
  try {
    // Bounded by the pool's connect and statement timeouts.
    await database.selectFirst('select 1 as up', []);
    return 'up';
  } catch {
    return 'down';
  }
}

export async function probeStorage(storage: SecondaryStorage | undefined): Promise<Readiness['redis']> {
  if (!storage) return 'off';
  try {
    await storage.get('ready-probe');
    return 'up';
  } catch {
    return 'down';
  }
}
