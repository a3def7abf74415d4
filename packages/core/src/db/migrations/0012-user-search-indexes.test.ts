import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../testing/test-database.ts';
import { migrateDatabase } from '../migrate.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('0012-user-search-indexes on PostgreSQL', () => {
  it('answers the admin search from trigram indexes, and remakes a dropped one at the next start', async () => {
    const database = await openTestDatabase('postgres');
    try {
      await migrateDatabase(database);
      const indexes = async () =>
        (
          await sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'user' and indexname like '%search_idx'
            order by 1`.execute(database.db)
        ).rows.map((row) => row.name);
      expect(await indexes()).toEqual(['user_email_search_idx', 'user_name_search_idx']);

      // The planner takes the index for a contains-search once the table is large enough to care.
      await sql`insert into "user" ("id", "name", "email", "emailVerified", "createdAt", "updatedAt")
        select 'u' || n, 'User ' || n, 'user-' || n || '@example.com', false, now(), now()
        from generate_series(1, 20000) n`.execute(database.db);
      await sql`analyze "user"`.execute(database.db);
      const plan = await sql<{ 'QUERY PLAN': string }>`explain select * from "user"
        where lower("email") like lower(${'%user-4242%'})`.execute(database.db);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('user_email_search_idx');

      await sql`drop index user_name_search_idx`.execute(database.db);
      await migrateDatabase(database);
      expect(await indexes()).toEqual(['user_email_search_idx', 'user_name_search_idx']);
    } finally {
      await database.close();
    }
  });
});
