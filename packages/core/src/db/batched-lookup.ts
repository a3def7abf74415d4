/** Batches larger than this are split: a query's array parameter stays small. */
const MAX_BATCH = 100;

interface Waiting<Row> {
  promise: Promise<Row | undefined>;
  resolve(row: Row | undefined): void;
  reject(error: unknown): void;
}

/**
 * Lookups by key that arrive in the same turn of the event loop go to the database together, as
 * one query for all their keys (`load`), instead of one round trip each. Under load many requests
 * are read from their sockets in one turn; on PostgreSQL each round trip costs two system calls
 * and the driver's work on a row description, several times the work of the read itself
 * (`npm run bench:cost -- --db postgres`). A lookup alone waits for nothing: the batch is sent
 * when the turn's I/O has been handled (`setImmediate`). A key asked twice in one batch is read
 * once. A failed query fails every lookup of its batch.
 */
export function batchedLookup<Row>(
  load: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): (key: string) => Promise<Row | undefined> {
  let pending: Map<string, Waiting<Row>> | undefined;

  const send = async (batch: Map<string, Waiting<Row>>) => {
    try {
      const rows = await load([...batch.keys()]);
      const byKey = new Map<string, Row>();
      for (const row of rows) byKey.set(keyOf(row), row);
      for (const [key, waiting] of batch) waiting.resolve(byKey.get(key));
    } catch (error) {
      for (const waiting of batch.values()) waiting.reject(error);
    }
  };

  const flush = () => {
    const batch = pending;
    pending = undefined;
    if (batch) void send(batch);
  };

  return (key) => {
    const existing = pending?.get(key);
    if (existing) return existing.promise;
    if (pending === undefined) {
      pending = new Map();
      setImmediate(flush);
    }
    let resolve!: Waiting<Row>['resolve'];
    let reject!: Waiting<Row>['reject'];
    const promise = new Promise<Row | undefined>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    pending.set(key, { promise, resolve, reject });
    // A full batch goes now; the next lookup starts another.
    if (pending.size >= MAX_BATCH) flush();
    return promise;
  };
}

/**
 * `batchedLookup` for reads answering several rows per key (a user's sessions, an organization's
 * roles): each lookup gets its key's rows, in the order the query answered them, or none.
 */
export function batchedGroupLookup<Row>(
  load: (keys: string[]) => Promise<Row[]>,
  keyOf: (row: Row) => string,
): (key: string) => Promise<Row[]> {
  const lookup = batchedLookup(
    async (keys: string[]) => {
      const groups = new Map<string, { key: string; rows: Row[] }>();
      for (const row of await load(keys)) {
        const key = keyOf(row);
        const group = groups.get(key);
        if (group) group.rows.push(row);
        else groups.set(key, { key, rows: [row] });
      }
      return [...groups.values()];
    },
    (group) => group.key,
  );
  return async (key) => (await lookup(key))?.rows ?? [];
}
