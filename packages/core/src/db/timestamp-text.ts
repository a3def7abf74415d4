import pg from 'pg';

/** PostgreSQL's type id of `timestamptz`, the type of every Gatehouse date column there. */
export const TIMESTAMPTZ_OID = 1184;

/** How PostgreSQL writes a UTC `timestamptz` to a session whose TimeZone is UTC, to the millisecond. */
const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,3}))?\+00$/;

const asDate = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => Date;

/**
 * A `timestamptz` as read from PostgreSQL: the ISO text `Date.prototype.toISOString` would write
 * for it, built from the text PostgreSQL sent, when that is UTC to the millisecond (what Gatehouse
 * stores); else the Date pg would make. Date columns are typed `Date | string` (schema.ts) because
 * SQLite answers text, so every reader already takes either. pg's parser then `toISOString` on the
 * way out were a twelfth of a 100-member list's CPU on PostgreSQL (`npm run bench:profile --
 * "list-members (1,000 members)" --db postgres --seed`: `parseDate` 4.2 %, `toIsoText` 4.1 %).
 */
export function timestamptzFromText(text: string): Date | string {
  const parts = UTC_TEXT.exec(text);
  if (parts === null) return asDate(text);
  const [, day, time, fraction = ''] = parts;
  return `${day}T${time}.${fraction.padEnd(3, '0')}Z`;
}

/** pg's type parsers with Gatehouse's for `timestamptz`, for the pool's connections. */
export const gatehouseTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID && format !== 'binary'
      ? timestamptzFromText
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};
