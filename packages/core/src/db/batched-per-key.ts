import { type Compilable, type Expression, sql } from 'kysely';
import { batchedGroupLookup } from './batched-lookup.ts';
import type { AuthDatabase } from './schema.ts';

/**
 * A read of one key's rows (an organization's first members, its invitations, its teams) that, on
 * PostgreSQL, answers every key of one turn of the event loop in one query: the read runs once per
 * key through a LATERAL join over the keys, so each key keeps its own order and limit.
 * `perKey` builds the read with `key` standing for the key's value; its rows must carry the key in
 * `keyColumn`. SQLite runs `direct` instead: its reads are synchronous, so a batch would only add
 * work (db/batched-lookup.ts).
 */
export function batchedPerKey<Row>(
  database: AuthDatabase,
  perKey: (key: Expression<string>) => Compilable<Row> & Expression<unknown>,
  keyColumn: keyof Row & string,
  direct: (key: string) => Promise<Row[]>,
): (key: string) => Promise<Row[]> {
  if (database.dialect !== 'postgres') return direct;
  const read = perKey(sql.ref<string>('batch_key.k'));
  // Kysely puts the read in parentheses itself.
  const { sql: text, parameters } =
    sql`select q.* from unnest(${sql.val([])}::text[]) as batch_key(k) cross join lateral ${read} as q`.compile(
      database.db,
    );
  // The keys are the first parameter; the read's own values (its limit) follow, the same each time.
  const fixed = parameters.slice(1);
  return batchedGroupLookup(
    async (keys) => (await database.selectAll(text, [keys, ...fixed])) as Row[],
    (row) => row[keyColumn] as string,
  );
}
