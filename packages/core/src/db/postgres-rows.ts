import { namedOneByOne, type RowFromValues, rowFromValues } from './row-from-values.ts';

/**
 * How many column lists keep a naming function. Gatehouse's statements have a few dozen; the bound
 * keeps statements written by anything else from growing the map without end.
 */
const MAX_KEPT = 512;

export type NamedRows = (fields: readonly { name: string }[], rows: unknown[][]) => Record<string, unknown>[];

/**
 * Rows read with node-postgres's `rowMode: 'array'`, named as its object rows would be (the same
 * keys, in the same order, a later column of a name winning). In object mode it copies an empty
 * row per row and stores each column by a name that changes from store to store, which V8 handles
 * on its slowest paths: on a 100-member page of list-members they were about 5 % of the server's
 * CPU (`perf record` on the server under `npm run bench:profile`'s load), and naming arrays took
 * the page from 461 to 439 µs of CPU a request (`npm run bench:cost -- "list-members (1,000
 * members)" --db postgres`). Re-measured once the hot reads went to the driver (db/hot-read.ts),
 * against object rows (a temporary switch as `--variant`), on a busy shared machine: get-session
 * without the cookie cache took 231 instead of 264 µs, and list-sessions 778 instead of 1,086
 * (`npm run bench:cost -- "get-session (cookie cache off)" --db postgres`, and `-- "list-sessions"`).
 * Column lists past `maxKept` are named without a function of their own.
 */
export function rowNamer(maxKept: number): NamedRows {
  const kept = new Map<string, RowFromValues>();
  return (fields, rows) => {
    if (rows.length === 0) return [];
    const names = fields.map((field) => field.name);
    const key = names.join('\u0000');
    let toRow = kept.get(key);
    if (toRow === undefined) {
      if (kept.size >= maxKept) return rows.map((values) => namedOneByOne(names, values));
      toRow = rowFromValues(names);
      kept.set(key, toRow);
    }
    return rows.map(toRow);
  };
}

/** The pool's namer (postgres-pool.ts). */
export const namedRows = rowNamer(MAX_KEPT);
