import { sql } from 'kysely';
import type { AuthDatabase } from './schema.ts';
import { dropValueSamples } from './value-samples.ts';

/**
 * SQLite's user search index (the FTS5 table `user_search`, migration 0013) grows in segments: each
 * write adds a small one, and FTS5 merges them only when enough of one size pile up. A search reads
 * every segment, so an index grown by sign-ups or filled by a bulk import is several times slower
 * to search than the same index in one segment (0.97 ms against 0.15 ms for a `contains` search over
 * 100,000 users, 14 segments against 1). PostgreSQL needs no such step: autovacuum merges its
 * trigram indexes' pending entries.
 *
 * The upkeep merges the segments into one, a few pages per statement (FTS5's `merge` with a negative
 * page count, which merges segments of any size), yielding to requests between statements, so no
 * statement holds the event loop for long. It starts only when there are `MIN_SEGMENTS` or more.
 * Each tick also drops the value samples an operator's `ANALYZE` left (value-samples.ts).
 */
export interface SearchIndexUpkeep {
  /** Merges now when the index needs it; answers how many merge statements ran. */
  run(): Promise<number>;
  /** No further runs; a run in progress stops after its current statement, and this answers then. */
  stop(): Promise<void>;
}

/** Below this many segments a search costs little more than over one, and no merge runs. */
export const MIN_SEGMENTS = 4;
/** Pages written per merge statement: a few milliseconds of work each. */
const PAGES_PER_STEP = 16;
/** A bound on one run, far above what an index of millions of users needs. */
const MAX_STEPS = 100_000;

export function searchIndexUpkeep(
  database: AuthDatabase,
  { intervalMs, logError }: { intervalMs: number; logError: (message: string, error: unknown) => void },
): SearchIndexUpkeep {
  let running: Promise<number> | undefined;
  let stopped = false;
  const run = (): Promise<number> => {
    running ??= mergeSearchIndex(database, () => stopped).finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer =
    database.dialect === 'sqlite'
      ? setInterval(() => {
          run().catch((error) => logError('Could not merge the user search index', error));
          // An operator's ANALYZE between two runs would otherwise slow every keyed read until a
          // restart (value-samples.ts).
          dropValueSamples(database).catch((error) => logError('Could not drop SQLite value samples', error));
        }, intervalMs)
      : undefined;
  timer?.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

/**
 * Merges SQLite's user search index into one segment when it has `MIN_SEGMENTS` or more. `stopped`
 * is asked between statements: a shutdown need not wait for the whole index to be rewritten.
 */
export async function mergeSearchIndex(database: AuthDatabase, stopped = () => false): Promise<number> {
  if (database.dialect !== 'sqlite' || (await segmentCount(database)) < MIN_SEGMENTS) return 0;
  let steps = 0;
  while (steps < MAX_STEPS && !stopped()) {
    const written = await mergeStep(database);
    steps += 1;
    // FTS5's own measure of a merge that found nothing left to do: fewer than two rows written.
    if (written < 2) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return steps;
}

/**
 * One merge statement, and the rows it wrote into the index's tables. The connection is held for
 * the three statements, so no request's write between them is counted as the merge's.
 */
function mergeStep(database: AuthDatabase): Promise<number> {
  return database.db.connection().execute(async (connection) => {
    const totalChanges = async () =>
      Number((await sql<{ n: number }>`select total_changes() as n`.execute(connection)).rows[0]?.n);
    const before = await totalChanges();
    await sql`insert into "user_search" ("user_search", "rank") values ('merge', ${-PAGES_PER_STEP})`.execute(
      connection,
    );
    return (await totalChanges()) - before;
  });
}

/** How many segments the index has: the distinct segment ids in its `_idx` table, which lists their pages. */
export async function segmentCount(database: AuthDatabase): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(distinct "segid") as n from "user_search_idx"`.execute(database.db);
  return Number(rows[0]?.n ?? 0);
}
