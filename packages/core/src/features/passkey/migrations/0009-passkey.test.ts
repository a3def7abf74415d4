import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../../db/migrate.ts';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { AuthDatabase, Dialect } from '../../../db/schema.ts';
import { openTestDatabase, testDialects } from '../../../testing/test-database.ts';

/**
 * The `passkey` table as Better Auth 1.7 creates it (docs/protocol/passkey.md#the-passkey-table), without
 * `lastUsedAt`.
 */
async function betterAuthPasskeyTable(db: Kysely<unknown>, dialect: Dialect, credentialIDs: string[]) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  await db.schema
    .createTable('passkey')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('credentialID', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('deviceType', 'text', (c) => c.notNull())
    .addColumn('backedUp', boolean as 'integer', (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('createdAt', date as 'text')
    .addColumn('aaguid', 'text')
    .execute();
  await db.schema.createIndex('passkey_credentialID_idx').on('passkey').column('credentialID').execute();
  for (const [index, credentialID] of credentialIDs.entries()) {
    await sql`insert into passkey (id, "publicKey", "userId", "credentialID", counter, "deviceType", "backedUp")
      values (${`row-${index}`}, 'pQEC', 'someone', ${credentialID}, 0, 'singleDevice', ${dialect === 'postgres' ? false : 0})`.execute(
      db,
    );
  }
}

async function insertDuplicate(database: AuthDatabase, credentialID: string) {
  await database.db
    .insertInto('passkey')
    .values({
      id: 'another-row',
      name: null,
      publicKey: 'pQEC',
      userId: 'someone',
      credentialID,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: 0,
      transports: '',
      createdAt: null,
      aaguid: null,
      lastUsedAt: null,
    })
    .execute();
}

describe.each(testDialects())('migration 0009-passkey (%s)', (dialect) => {
  it('a new database gets the table, lastUsedAt, and unique credential ids (D12)', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await migrateDatabase(database);
      const columns = await existingColumns(database.db as unknown as Kysely<unknown>, dialect, 'passkey');
      expect([...columns].sort()).toEqual(
        [
          'aaguid',
          'backedUp',
          'counter',
          'createdAt',
          'credentialID',
          'deviceType',
          'id',
          'lastUsedAt',
          'name',
          'publicKey',
          'transports',
          'userId',
        ].sort(),
      );
      await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
        values ('someone', 'x', 'x@example.com', ${dialect === 'postgres' ? false : 0}, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`.execute(
        database.db,
      );
      await insertDuplicate(database, 'cred-a');
      await expect(
        database.db
          .insertInto('passkey')
          .values({
            id: 'third',
            name: null,
            publicKey: 'pQEC',
            userId: 'someone',
            credentialID: 'cred-a',
            counter: 0,
            deviceType: 'singleDevice',
            backedUp: 0,
            transports: '',
            createdAt: null,
            aaguid: null,
            lastUsedAt: null,
          })
          .execute(),
      ).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it('an adopted 1.7 table keeps its rows and gains lastUsedAt; without duplicates its ids become unique', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await betterAuthPasskeyTable(database.db as unknown as Kysely<unknown>, dialect, ['cred-a', 'cred-b']);
      await migrateDatabase(database);
      const rows = await database.db.selectFrom('passkey').selectAll().orderBy('id').execute();
      expect(rows.map((r) => [r.id, r.credentialID, r.lastUsedAt])).toEqual([
        ['row-0', 'cred-a', null],
        ['row-1', 'cred-b', null],
      ]);
      await expect(insertDuplicate(database, 'cred-a')).rejects.toThrow();
    } finally {
      await database.close();
    }
  });

  it('an adopted 1.7 table that already holds an id twice migrates, with a plain index', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await betterAuthPasskeyTable(database.db as unknown as Kysely<unknown>, dialect, ['cred-a', 'cred-a']);
      await migrateDatabase(database);
      expect(await database.db.selectFrom('passkey').select('id').execute()).toHaveLength(2);
      // No unique index could be built; registration checks before inserting instead.
      await insertDuplicate(database, 'cred-a');
      expect(await database.db.selectFrom('passkey').select('id').execute()).toHaveLength(3);
    } finally {
      await database.close();
    }
  });
});
