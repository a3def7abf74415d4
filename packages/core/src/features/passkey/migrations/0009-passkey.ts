import { type Kysely, sql } from 'kysely';
import { existingColumns } from '../../../db/migrations/existing-columns.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * The passkey feature's table as Better Auth's passkey plugin names it
 * (docs/protocol/passkey.md#the-passkey-table), created whether or not the feature is on so that turning it
 * on later needs no migration. A `passkey` table adopted from a Better Auth database keeps its rows and gains
 * `lastUsedAt`.
 *
 * Credential ids are unique (docs/protocol/passkey.md#d12-credential-ids-are-unique) for new databases. An
 * adopted table may already hold the same id twice (1.7 never checked), so there the index stays non-unique
 * and registration checks before inserting (features/passkey/README.md).
 */
export function passkeyTable(dialect: Dialect) {
  const date = dialect === 'postgres' ? 'timestamptz' : 'date';
  const boolean = dialect === 'postgres' ? 'boolean' : 'integer';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const adopted = (await existingColumns(db, dialect, 'passkey')).size > 0;
      await db.schema
        .createTable('passkey')
        .ifNotExists()
        .addColumn('id', 'text', (c) => c.primaryKey().notNull())
        .addColumn('name', 'text')
        .addColumn('publicKey', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('credentialID', 'text', (c) => c.notNull())
        .addColumn('counter', 'integer', (c) => c.notNull())
        .addColumn('deviceType', 'text', (c) => c.notNull())
        .addColumn('backedUp', boolean as 'integer', (c) => c.notNull())
        .addColumn('transports', 'text')
        .addColumn('createdAt', date as 'text')
        .addColumn('aaguid', 'text')
        .execute();
      const columns = await existingColumns(db, dialect, 'passkey');
      if (!columns.has('aaguid')) await db.schema.alterTable('passkey').addColumn('aaguid', 'text').execute();
      if (!columns.has('lastUsedAt')) {
        await db.schema
          .alterTable('passkey')
          .addColumn('lastUsedAt', date as 'text')
          .execute();
      }
      await db.schema
        .createIndex('passkey_userId_idx')
        .ifNotExists()
        .on('passkey')
        .column('userId')
        .execute();
      const duplicates = adopted
        ? await sql<{ n: number }>`select count(*) as n from (select ${sql.ref('credentialID')}
            from ${sql.table('passkey')} group by ${sql.ref('credentialID')} having count(*) > 1) d`.execute(
            db,
          )
        : { rows: [{ n: 0 }] };
      const unique = Number(duplicates.rows[0]?.n ?? 0) === 0;
      // Better Auth's own index has this name; a unique one gets its own so both can coexist.
      const index = db.schema
        .createIndex(unique ? 'passkey_credentialID_unique' : 'passkey_credentialID_idx')
        .ifNotExists()
        .on('passkey')
        .column('credentialID');
      await (unique ? index.unique() : index).execute();
    },
  };
}
