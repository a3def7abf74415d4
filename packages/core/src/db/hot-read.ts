import { type Compilable, type CompiledQuery, createQueryId, Kysely, sql } from 'kysely';
import type { Executor } from './executor.ts';
import type { AuthDatabase, Schema } from './schema.ts';

/** A hot read's values, by name: what it compares with or limits by. */
export type ReadValues = Record<string, string | number | null>;

/** Where a hot read runs: the database outside any transaction, or a Kysely database or transaction. */
export type ReadOn = AuthDatabase | Executor;

export interface HotRead<V extends ReadValues, O> {
  /** Every row the read answers for `values`. */
  all(on: ReadOn, values: V): Promise<O[]>;
  /** The first of them, or undefined. */
  first(on: ReadOn, values: V): Promise<O | undefined>;
}

export interface UnbatchedRead<V extends ReadValues, O> extends HotRead<V, O> {
  /** The same read, batched per turn on PostgreSQL by the values `keys` names. */
  batchedBy(keys: BatchKeys<V, O>): HotRead<V, O>;
}

/**
 * For a batched read: each value the batch is keyed by, and the row column that carries it back,
 * so that each caller gets its own rows. Values not named here are the batch's, not each caller's.
 */
export type BatchKeys<V extends ReadValues, O> = { readonly [K in keyof V]?: keyof O & string };

/** A value that stands for the call's value of one name while the query is compiled. */
class Slot {
  constructor(readonly name: string) {}
}

/** SQL texts of hot reads: PostgreSQL keeps each as a named statement (`postgres-pool.ts`). */
const hotTexts = new Set<string>();

/** Whether `sql` is the text of a hot read: a fixed text, worth a named statement. */
export const isHotReadText = (text: string): boolean => hotTexts.has(text);

/** Batches larger than this are split: a query's array parameters stay small. */
const MAX_BATCH = 100;

/**
 * A read that runs on a route of `bench/` on every request, written once with Kysely (so its rows
 * are typed) and compiled once per database kind: building and compiling a query costs more than
 * an indexed read itself (tens of µs: `npm run bench:cost`). `build` receives `values` whose fields
 * stand for the call's values while it compiles, so it may only compare or limit by them, never
 * choose the query's shape with them (no branches, no lists whose length varies): a read whose
 * shape depends on the options is one hot read per shape.
 *
 * On an `AuthDatabase` the read goes straight to the driver, a statement prepared once (on
 * PostgreSQL parsed and planned once per connection). Batched (`batchedBy`), PostgreSQL answers
 * the reads of one turn of the event loop in one query: under load many requests are read from
 * their sockets in one turn, and each round trip costs two system calls and the driver's work on a
 * row description, several times the read itself (`npm run bench:cost -- "list-sessions" --db
 * postgres`). The read runs once per key through a LATERAL join over the keys, so each keeps its
 * own order and limit. SQLite runs each read by itself: its driver is synchronous, so a batch
 * would only add work. On a Kysely database or a transaction (`Executor`) the read runs through
 * Kysely, never batched.
 */
export function hotRead<V extends ReadValues, O>(
  build: (db: Kysely<Schema>, values: V) => Compilable<O>,
): UnbatchedRead<V, O> {
  return { ...readOf(build), batchedBy: (keys) => readOf(build, keys) };
}

/**
 * A one-row write with RETURNING on a route of `bench/` (the counted use of an API key), compiled
 * once and run straight on the driver as a hot read is, for the same reason: building and
 * compiling the statement cost more than the write. Never batched: each caller's write is its own.
 * On PostgreSQL the retry of a statement whose plan went stale is safe here too, since such a
 * statement failed before it ran.
 */
export function hotWrite<V extends ReadValues, O>(
  build: (db: Kysely<Schema>, values: V) => Compilable<O>,
): HotRead<V, O> {
  return readOf(build);
}

function readOf<V extends ReadValues, O>(
  build: (db: Kysely<Schema>, values: V) => Compilable<O>,
  batch?: BatchKeys<V, O>,
): HotRead<V, O> {
  // By dialect adapter: the same query compiles to other SQL for SQLite and PostgreSQL.
  const compiled = new WeakMap<object, CompiledQuery<O>>();
  const batched = new WeakMap<AuthDatabase, (values: V) => Promise<O[]>>();

  const compile = (db: Kysely<Schema>, values: V): CompiledQuery<O> => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (query === undefined) {
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)]));
      query = build(db, slots as unknown as V).compile();
      compiled.set(adapter, query);
      hotTexts.add(query.sql);
    }
    return query;
  };

  const throughKysely = async (db: Executor, values: V): Promise<O[]> => {
    const query = compile(db, values);
    const parameters = bind(query.parameters, values);
    return (await db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() })).rows;
  };

  const batchedOn = (database: AuthDatabase): ((values: V) => Promise<O[]>) => {
    let read = batched.get(database);
    if (read === undefined) {
      read = batchedRead(database, build, batch as BatchKeys<V, O>);
      batched.set(database, read);
    }
    return read;
  };

  const all = (on: ReadOn, values: V): Promise<O[]> => {
    if (on instanceof Kysely) return throughKysely(on, values);
    if (batch !== undefined && on.dialect === 'postgres') return batchedOn(on)(values);
    const query = compile(on.db, values);
    return on.selectAll(query.sql, bind(query.parameters, values)) as Promise<O[]>;
  };

  return {
    all,
    first(on, values) {
      if (on instanceof Kysely || (batch !== undefined && on.dialect === 'postgres'))
        return all(on, values).then(firstOf);
      // The driver's promise as it is: get-session's read takes no step more than it needs.
      const query = compile(on.db, values);
      return on.selectFirst(query.sql, bind(query.parameters, values)) as Promise<O | undefined>;
    },
  };
}

const firstOf = <O>(rows: O[]): O | undefined => rows[0];

const bind = (parameters: readonly unknown[], values: ReadValues): unknown[] =>
  parameters.map((value) => (value instanceof Slot ? values[value.name] : value));

interface Waiting<O> {
  values: ReadValues;
  promise: Promise<O[]>;
  resolve(rows: O[]): void;
  reject(error: unknown): void;
}

/**
 * The read over every key of a turn, in one query. A key asked twice in one turn is read once; a
 * failed query fails every read of its batch. The values not among the keys are the last call's:
 * the reads of one turn ask them alike, or (the time of the read) within the turn's length.
 */
function batchedRead<V extends ReadValues, O>(
  database: AuthDatabase,
  build: (db: Kysely<Schema>, values: V) => Compilable<O>,
  batch: BatchKeys<V, O>,
): (values: V) => Promise<O[]> {
  const keys = Object.keys(batch);
  const columns = keys.map((key) => batch[key] as string);
  const keyOf =
    keys.length === 1
      ? (values: Record<string, unknown>, names: readonly string[]) => String(values[names[0] as string])
      : (values: Record<string, unknown>, names: readonly string[]) =>
          JSON.stringify(names.map((name) => values[name]));
  let query: { text: string; parameters: readonly unknown[] } | undefined;
  let pending: Map<string, Waiting<O>> | undefined;
  let last: ReadValues = {};

  const compile = (values: V) => {
    const stand = Object.fromEntries(
      Object.keys(values).map((name) => {
        const index = keys.indexOf(name);
        return [name, index < 0 ? new Slot(name) : sql.ref(`batch_key.k${index}`)];
      }),
    );
    const read = build(database.db, stand as unknown as V);
    const arrays = sql.join(keys.map(() => sql`${sql.val([])}::text[]`));
    const names = sql.raw(keys.map((_, index) => `k${index}`).join(', '));
    // Kysely puts the read in parentheses itself.
    const { sql: text, parameters } =
      sql`select q.* from unnest(${arrays}) as batch_key(${names}) cross join lateral ${read} as q`.compile(
        database.db,
      );
    // The keys' arrays come first; the read's own values follow.
    return { text, parameters: parameters.slice(keys.length) };
  };

  const send = async (batch: Map<string, Waiting<O>>, values: ReadValues) => {
    try {
      query ??= compile(values as V);
      const waiting = [...batch.values()];
      const arrays = keys.map((key) => waiting.map((one) => one.values[key]));
      const rows = (await database.selectAll(query.text, [
        ...arrays,
        ...bind(query.parameters, values),
      ])) as O[];
      const byKey = new Map<string, O[]>();
      for (const row of rows) {
        const key = keyOf(row as Record<string, unknown>, columns);
        const group = byKey.get(key);
        if (group) group.push(row);
        else byKey.set(key, [row]);
      }
      for (const [key, one] of batch) one.resolve(byKey.get(key) ?? []);
    } catch (error) {
      for (const one of batch.values()) one.reject(error);
    }
  };

  const flush = () => {
    const batch = pending;
    pending = undefined;
    if (batch) void send(batch, last);
  };

  return (values) => {
    const key = keyOf(values, keys);
    last = values;
    const existing = pending?.get(key);
    if (existing) return existing.promise;
    if (pending === undefined) {
      pending = new Map();
      setImmediate(flush);
    }
    let resolve!: Waiting<O>['resolve'];
    let reject!: Waiting<O>['reject'];
    const promise = new Promise<O[]>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    pending.set(key, { values, promise, resolve, reject });
    // A full batch goes now; the next read starts another.
    if (pending.size >= MAX_BATCH) flush();
    return promise;
  };
}
