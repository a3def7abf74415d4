import { type Kysely, PostgresAdapter, PostgresDialect, sql } from 'kysely';

/**
 * The first key of the migration lock: ours, so no other program's advisory locks collide with it.
 * The second key is the schema's hash.
 */
const LOCK_CLASS = 0x6761_7465; // "gate"

/**
 * Kysely's migrator takes one advisory lock for the whole database, whichever schema it migrates.
 * A migration guards its own schema's tables only, so deployments (and tests) in other schemas of
 * the same server need not wait for each other: waiting behind a slow neighbour counted against the
 * statement timeout and failed start-ups that had nothing to migrate. The lock here is per schema;
 * two instances of one deployment still exclude each other.
 */
class SchemaScopedLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_lock(${sql.lit(LOCK_CLASS)}, hashtext(current_schema()))`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>): Promise<void> {
    await sql`select pg_advisory_unlock(${sql.lit(LOCK_CLASS)}, hashtext(current_schema()))`.execute(db);
  }
}

/** Kysely's PostgreSQL dialect with the per-schema migration lock. */
export class GatehousePostgresDialect extends PostgresDialect {
  override createAdapter(): PostgresAdapter {
    return new SchemaScopedLockAdapter();
  }
}
