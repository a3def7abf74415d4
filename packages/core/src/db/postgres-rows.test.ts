import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { namedRows, rowNamer } from './postgres-rows.ts';

const fields = (...names: string[]) => names.map((name) => ({ name }));

describe('rows read as arrays from PostgreSQL and named', () => {
  it('names each value by its column, in column order, a later column of a name winning', () => {
    const rows = namedRows(fields('id', 'n', 'id', 'quote"d'), [
      ['a', 1, 'b', null],
      ['c', 2, 'd', 'e'],
    ]);
    expect(rows).toEqual([
      { id: 'b', n: 1, 'quote"d': null },
      { id: 'd', n: 2, 'quote"d': 'e' },
    ]);
    expect(Object.keys(rows[0] as object)).toEqual(['id', 'n', 'quote"d']);
  });

  it('makes a column named __proto__ a property, never the prototype', () => {
    const [row] = namedRows(fields('__proto__', 'id'), [[{ polluted: true }, 'u1']]);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row as object)).toEqual(['__proto__', 'id']);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('answers no rows as none, and names alike past the column lists it keeps a function for', () => {
    const named = rowNamer(2);
    expect(named(fields('id'), [])).toEqual([]);
    for (let n = 0; n < 5; n++) {
      const name = n === 4 ? '__proto__' : `column_${n}`;
      const [row] = named(fields('id', name), [['x', n]]);
      expect(Object.keys(row as object)).toEqual(['id', name]);
      expect((row as Record<string, unknown>)[name]).toBe(n);
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    }
  });

  // With PostgreSQL (TEST_DATABASE_URL, as CI sets it): a real result against pg's own object rows.
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined) return;
  it('names a real result as node-postgres object rows name it', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const text = `select 1 as "a", 'two' as "b", null as "c", 3 as "a", '2026-11-27 10:15:30.123+00'::timestamptz as "at", '{"k":1}'::jsonb as "j"
        from generate_series(1, 3)`;
      const objects = await client.query(text);
      const arrays = await client.query<unknown[]>({ text, rowMode: 'array' });
      expect(namedRows(arrays.fields, arrays.rows)).toEqual(objects.rows);
      expect(Object.keys(namedRows(arrays.fields, arrays.rows)[0] as object)).toEqual(
        Object.keys(objects.rows[0]),
      );
    } finally {
      await client.end();
    }
  });
});
