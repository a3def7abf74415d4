import { type Expression, type SqlBool, sql } from 'kysely';

/** A person's text as a literal part of a LIKE pattern: their `%` and `_` mean themselves. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Whether a column holds `text`, case aside, on SQLite and PostgreSQL alike. Both sides go through
 * the database's own lower(): SQLite's folds ASCII only, so a pattern lowered here could never
 * match a stored capital like the É of Élodie.
 */
export function containsIgnoringCase(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${`%${escapeLike(text)}%`}) escape '\\'`;
}
