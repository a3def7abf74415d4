import type SQLite from 'better-sqlite3';
import { type RowFromValues, rowFromValues } from './row-from-values.ts';

/**
 * A statement whose rows come as arrays, with the function that names their values. better-sqlite3
 * builds each row object key by key from C++, looking up every column name in V8's string table
 * on every row: on get-session's joined session-and-user row that was over a third of the read,
 * more than SQLite's own work (`perf` on the server under wrk load). Read as an array and named
 * by `rowFromValues`, every row shares one hidden class and costs a few allocations.
 */
export function arrayRowStatement(statement: SQLite.Statement): {
  statement: SQLite.Statement;
  toRow: RowFromValues;
} {
  statement.raw(true);
  return { statement, toRow: rowFromValues(statement.columns().map((column) => column.name)) };
}

/**
 * A read statement whose rows are arrays named by `toRow` (as above): what Kysely's SQLite driver
 * uses of a statement (`reader`, `all`, `iterate`), and the direct reads' `first`. The rows are the
 * ones better-sqlite3 would have made, so nothing Kysely returns changes; on a 100-member page of
 * list-members, reading them so took the read from about 435 to 307 µs.
 */
export class ArrayRowReader {
  readonly reader = true;
  private readonly statement: SQLite.Statement;
  private readonly toRow: RowFromValues;

  constructor(statement: SQLite.Statement) {
    ({ statement: this.statement, toRow: this.toRow } = arrayRowStatement(statement));
  }

  first(parameters: readonly unknown[]): Record<string, unknown> | undefined {
    const values = this.statement.get(parameters) as unknown[] | undefined;
    return values === undefined ? undefined : this.toRow(values);
  }

  all(parameters: readonly unknown[]): Record<string, unknown>[] {
    return (this.statement.all(parameters) as unknown[][]).map(this.toRow);
  }

  *iterate(parameters: readonly unknown[]): IterableIterator<Record<string, unknown>> {
    for (const values of this.statement.iterate(parameters) as IterableIterator<unknown[]>)
      yield this.toRow(values);
  }
}

/** A statement as kept: a read as an `ArrayRowReader`, a write as better-sqlite3 made it. */
export const keptStatement = (statement: SQLite.Statement): SQLite.Statement | ArrayRowReader =>
  statement.reader ? new ArrayRowReader(statement) : statement;
