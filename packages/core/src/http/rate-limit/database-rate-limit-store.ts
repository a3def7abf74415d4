import { sql } from 'kysely';
import { generateId } from '../../crypto/random.ts';
import type { AuthDatabase } from '../../db/schema.ts';
import { type RateLimitStore, retryAfterSeconds } from './rate-limit-store.ts';

const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counters in the `rateLimit` table, shared by every server copy on the database. Each request
 * is one upsert that applies the counting rule inside the database, so concurrent requests of a
 * key serialise on its row and none can read a stale count. A refused request matches the
 * upsert's condition on no row and changes nothing; only then is `lastRequest` read back for
 * the retry-after. The SQL is compiled once; each request only binds values.
 */
export function createDatabaseRateLimitStore(
  database: AuthDatabase,
  longestWindowMs: number,
): RateLimitStore {
  const upsert = compileUpsert(database);
  const { sql: selectLast } = database.db
    .selectFrom('rateLimit')
    .select('lastRequest')
    .where('key', '=', '')
    .compile();
  let lastSweep = Number.NEGATIVE_INFINITY;

  return {
    async consume(key, rule, now) {
      // Unknown paths are counted too, so rows older than the longest window (which count as
      // absent anyway) are deleted now and then to keep invented paths from filling the table.
      if (now - lastSweep >= SWEEP_INTERVAL_MS) {
        lastSweep = now;
        await database.db
          .deleteFrom('rateLimit')
          .where('lastRequest', '<', now - longestWindowMs)
          .execute();
      }
      const values = { id: generateId(), key, now, windowMs: rule.windowMs, max: rule.max };
      const counted = await database.selectFirst(upsert.sql, upsert.bind(values));
      if (counted) return { allowed: true, count: Number(counted.count) };
      const row = await database.selectFirst(selectLast, [key]);
      // The row is missing only if another process's sweep just deleted it; answer the full window.
      const lastRequest = row ? Number(row.lastRequest) : now;
      return { allowed: false, retryAfterSeconds: retryAfterSeconds(lastRequest, rule, now) };
    },
    async reset(key) {
      await database.db.deleteFrom('rateLimit').where('key', '=', key).execute();
    },
  };
}

type UpsertValues = { id: string; key: string; now: number; windowMs: number; max: number };

/**
 * `insert … on conflict (key) do update … where … returning`, valid on SQLite and PostgreSQL.
 * Values are compiled as named placeholders, then `bind` puts each request's values in the
 * order the dialect's compiler placed them.
 */
function compileUpsert(database: AuthDatabase) {
  const placeholder = <T = number>(name: keyof UpsertValues) => sql<T>`${`\u0000${name}`}`;
  const existing = (column: 'count' | 'lastRequest') => sql.ref(`rateLimit.${column}`);
  const windowPassed = sql<boolean>`${placeholder('now')} - ${existing('lastRequest')} >= ${placeholder('windowMs')}`;
  const compiled = database.db
    .insertInto('rateLimit')
    .values({
      id: placeholder<string>('id'),
      key: placeholder<string>('key'),
      count: sql<number>`1`,
      lastRequest: placeholder('now'),
    })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({
          count: sql<number>`case when ${windowPassed} then 1 else ${existing('count')} + 1 end`,
          lastRequest: placeholder('now'),
        })
        .where((eb) => eb.or([windowPassed, sql<boolean>`${existing('count')} < ${placeholder('max')}`])),
    )
    .returning('count')
    .compile();
  const names = compiled.parameters.map((parameter) => String(parameter).slice(1) as keyof UpsertValues);
  return {
    sql: compiled.sql,
    bind: (values: UpsertValues): unknown[] => names.map((name) => values[name]),
  };
}
