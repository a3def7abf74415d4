import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from './connect.ts';
import { rowFromValues } from './row-from-values.ts';
import { arrayRowStatement } from './sqlite-rows.ts';

describe('rows read as arrays and named', () => {
  const open: SQLite.Database[] = [];
  afterEach(() => {
    for (const database of open.splice(0)) database.close();
  });
  const sqlite = () => {
    const database = new SQLite(':memory:');
    open.push(database);
    return database;
  };

  it('names them as better-sqlite3 names its object rows, a later column of a name winning', () => {
    const database = sqlite();
    const source = `select 1 as "a", 'two' as "b", null as "c", 3 as "a", x'00ff' as "quote""d"`;
    const { statement, toRow } = arrayRowStatement(database.prepare(source));
    const named = toRow(statement.get() as unknown[]);
    expect(named).toEqual(database.prepare(source).get());
    expect(Object.keys(named)).toEqual(['a', 'b', 'c', 'quote"d']);
    expect(named.a).toBe(3);
  });

  it('makes a column named __proto__ a property, never the prototype', () => {
    const row = rowFromValues(['__proto__', 'id'])([{ polluted: true }, 'u1']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['__proto__', 'id']);
    expect((row as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('answers the direct reads with the same rows Kysely reads', async () => {
    const database = connectDatabase(':memory:');
    try {
      await database.db.schema
        .createTable('thing' as never)
        .addColumn('id', 'text')
        .addColumn('size', 'integer')
        .execute();
      await database.db
        .insertInto('thing' as never)
        .values([
          { id: 't1', size: 1 },
          { id: 't2', size: null },
        ] as never)
        .execute();
      const text = 'select * from "thing" where "id" >= ? order by "id"';
      const throughKysely = await database.db
        .selectFrom('thing' as never)
        .selectAll()
        .orderBy('id' as never)
        .execute();
      expect(await database.selectAll(text, ['t1'])).toEqual(throughKysely);
      expect(await database.selectFirst(text, ['t2'])).toEqual(throughKysely[1]);
      expect(await database.selectFirst(text, ['t3'])).toBeUndefined();
      // Kysely sending the very same text, on the same kept statement, still reads objects.
      const again = await sql`select * from "thing" where "id" >= ${'t1'} order by "id"`.execute(database.db);
      expect(again.rows).toEqual(throughKysely);
    } finally {
      await database.close();
    }
  });

  it("gives Kysely's reads, streams, returning writes and plain writes what better-sqlite3's object rows gave", async () => {
    const database = connectDatabase(':memory:');
    const plain = sqlite();
    try {
      const setup = [
        'create table "thing" ("id" text primary key, "size" integer, "data" blob)',
        `insert into "thing" values ('t1', 1, x'00ff'), ('t2', null, null)`,
      ];
      for (const statement of setup) {
        await sql.raw(statement).execute(database.db);
        plain.exec(statement);
      }
      const read = `select "id", "size" as "a", "data", 7 as "a" from "thing" order by "id"`;
      const rows = (await sql.raw(read).execute(database.db)).rows as Record<string, unknown>[];
      expect(rows).toEqual(plain.prepare(read).all());
      expect(rows.map((row) => Object.keys(row))).toEqual(
        plain
          .prepare(read)
          .all()
          .map((row) => Object.keys(row as object)),
      );
      expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);

      const streamed = [];
      for await (const row of database.db
        .selectFrom('thing' as never)
        .selectAll()
        .orderBy('id' as never)
        .stream())
        streamed.push(row);
      expect(streamed).toEqual(plain.prepare('select * from "thing" order by "id"').all());

      const returned = await database.db
        .insertInto('thing' as never)
        .values({ id: 't3', size: 3 } as never)
        .returning(['id' as never, 'size' as never])
        .execute();
      expect(returned).toEqual([{ id: 't3', size: 3 }]);

      const updated = await database.db
        .updateTable('thing' as never)
        .set({ size: 9 } as never)
        .where('size' as never, 'is not', null)
        .executeTakeFirstOrThrow();
      expect(updated.numUpdatedRows).toBe(2n);
    } finally {
      await database.close();
    }
  });
});
