import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { Executor } from './executor.ts';
import type { Schema } from './schema.ts';

/** A value that stands for the call's value of one name while the query is compiled. */
class Slot {
  constructor(readonly name: string) {}
}

/** SQL texts of prepared queries: PostgreSQL keeps each as a named statement (`postgres-pool.ts`). */
const preparedTexts = new Set<string>();

/** Whether `sql` is the text of a prepared query: a fixed text, worth a named statement. */
export const isPreparedText = (sql: string): boolean => preparedTexts.has(sql);

export interface PreparedRun<O> {
  execute(): Promise<O[]>;
  executeTakeFirst(): Promise<O | undefined>;
}

/**
 * A read built with Kysely once and compiled once per database kind, then run again and again with
 * new values. Building and compiling a query costs more than an indexed read itself (tens of µs:
 * `npm run bench:cost`), and a hot route runs the same few queries on every request. `build`
 * receives `values` whose fields are placeholders while it compiles, so it must use them only as
 * values compared or limited by, never to choose the query's shape (no branches, no lists whose
 * length varies). Runs on the database or inside a transaction alike; on PostgreSQL the text is
 * parsed and planned once per connection.
 */
export function prepared<V extends Record<string, unknown>, O>(
  build: (db: Kysely<Schema>, values: V) => Compilable<O>,
): (db: Executor, values: V) => PreparedRun<O> {
  // By dialect adapter: the same query compiles to other SQL for SQLite and PostgreSQL.
  const compiled = new WeakMap<object, CompiledQuery<O>>();

  const compile = (db: Executor, values: V): CompiledQuery<O> => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (query === undefined) {
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)]));
      query = build(db as Kysely<Schema>, slots as unknown as V).compile();
      compiled.set(adapter, query);
      preparedTexts.add(query.sql);
    }
    return query;
  };

  return (db, values) => {
    const run = async () => {
      const query = compile(db, values);
      const parameters = query.parameters.map((value) =>
        value instanceof Slot ? values[value.name] : value,
      );
      const result = await db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() });
      return result.rows;
    };
    return {
      execute: run,
      executeTakeFirst: async () => (await run())[0],
    };
  };
}
