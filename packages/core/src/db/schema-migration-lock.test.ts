import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/test-database.ts';
import { migrateDatabase } from './migrate.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('the migration lock on PostgreSQL', () => {
  it("is the schema's own: a migration held up in one schema does not hold up another's", async () => {
    const busy = await openTestDatabase('postgres');
    const free = await openTestDatabase('postgres', { postgres: { statementTimeoutMs: 1000 } });
    // Another session holds the busy schema's lock, as a migration running there would.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(busy.db)).rows[0]
        ?.name;
      await holder.query('select pg_advisory_lock($1, hashtext($2))', [0x6761_7465, schema]);

      expect((await migrateDatabase(free)).applied).toContain('0001-core-tables');

      // The busy schema's own migration waits for the holder, and runs once it lets go.
      let migrated = false;
      const waiting = migrateDatabase(busy).then((report) => {
        migrated = true;
        return report;
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(migrated).toBe(false);
      await holder.query('select pg_advisory_unlock($1, hashtext($2))', [0x6761_7465, schema]);
      expect((await waiting).applied).toContain('0001-core-tables');
    } finally {
      await holder.end();
      await busy.close();
      await free.close();
    }
  });
});
