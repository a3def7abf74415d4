import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';
import { apiKeyTable } from './0020-api-key.ts';

describe.each(testDialects())('migration 0021-api-key-created-by (%s)', (dialect) => {
  it('adds a nullable createdBy to existing rows, which stay NULL, and runs twice without harm', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const db = database.db as Kysely<unknown>;
      await apiKeyTable(dialect).up(db);
      await sql`insert into apikey (id, "configId", "referenceId", key, "createdAt", "updatedAt", metadata)
        values ('old', 'organization', 'org', 'hash', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'null')`.execute(
        db,
      );
      expect((await existingColumns(db, dialect, 'apikey')).has('createdBy')).toBe(false);
      await migrateDatabase(database);
      expect((await existingColumns(db, dialect, 'apikey')).has('createdBy')).toBe(true);
      const rows = await database.db.selectFrom('apikey').select(['id', 'createdBy']).execute();
      expect(rows).toEqual([{ id: 'old', createdBy: null }]);
      await database.db.updateTable('apikey').set({ createdBy: 'someone' }).where('id', '=', 'old').execute();
      expect((await migrateDatabase(database)).applied).toEqual([]);
      const again = await database.db.selectFrom('apikey').select('createdBy').executeTakeFirst();
      expect(again?.createdBy).toBe('someone');
    } finally {
      await database.close();
    }
  });
});
