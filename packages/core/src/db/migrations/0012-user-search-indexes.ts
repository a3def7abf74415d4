import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../schema.ts';

/**
 * The admin user search (`lower(email|name) like '%…%'`, features/admin/admin-users.repository.ts)
 * read every row of `user` twice, for the page and for its total: hundreds of milliseconds at
 * 100,000 users. On PostgreSQL, trigram indexes (the pg_trgm extension, shipped with PostgreSQL)
 * answer such patterns of three characters or more from the index.
 *
 * The extension is needed, not demanded: a role that may not create it (a managed database that
 * keeps extensions to its owner) leaves the search correct and merely unindexed, and the indexes are
 * made by the first start after an administrator installed pg_trgm in any schema. Savepoints keep a
 * refused `create extension` from aborting the migration's transaction.
 */
export function userSearchIndexes(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await ensureTrigramIndexes(db);
    },
  };
}

async function ensureTrigramIndexes(db: Kysely<unknown>): Promise<void> {
  const schema = (await trigramSchema(db)) ?? (await tryCreateExtension(db));
  if (schema !== undefined) await createTrigramIndexes(db, schema);
}

const SEARCH_INDEXES = { email: 'user_email_search_idx', name: 'user_name_search_idx' } as const;

/**
 * Run after the migrations at every start too (db/migrate.ts): where the migration found no pg_trgm,
 * an administrator may install it later, and the next start makes the indexes. Indexes already there
 * are not touched, so a start takes no lock on `user`.
 */
export async function createTrigramIndexes(db: Kysely<unknown>, schema?: string): Promise<void> {
  const extensionSchema = schema ?? (await trigramSchema(db));
  if (extensionSchema === undefined) return;
  const { rows } = await sql<{ name: string }>`
    select indexname as name from pg_indexes
    where schemaname = current_schema() and indexname in (${sql.join(Object.values(SEARCH_INDEXES))})`.execute(
    db,
  );
  const present = new Set(rows.map((row) => row.name));
  const opclass = sql.raw(`${sql.id(extensionSchema).compile(db).sql}.gin_trgm_ops`);
  for (const [column, name] of Object.entries(SEARCH_INDEXES)) {
    if (present.has(name)) continue;
    await sql`create index if not exists ${sql.id(name)} on "user" using gin (lower(${sql.ref(column)}) ${opclass})`.execute(
      db,
    );
  }
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/** `public` first, so schemas sharing one database share the extension; else the current schema. */
async function tryCreateExtension(db: Kysely<unknown>): Promise<string | undefined> {
  for (const where of [sql` with schema public`, sql``]) {
    await sql`savepoint gatehouse_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm${where}`.execute(db);
      await sql`release savepoint gatehouse_trgm`.execute(db);
      return trigramSchema(db);
    } catch {
      // Not allowed here (or another migration created it a moment ago): try the next place.
      await sql`rollback to savepoint gatehouse_trgm`.execute(db);
      const created = await trigramSchema(db);
      if (created !== undefined) return created;
    }
  }
  return undefined;
}
