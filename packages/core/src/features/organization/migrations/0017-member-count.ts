import { type Kysely, sql } from 'kysely';
import { createStatementTriggers, createTriggerFunctions } from '../../../db/migrations/postgres-triggers.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * How many members each organization has, kept by triggers on `member`, so a page of `list-members`
 * answers its `total` by one primary-key read instead of counting the organization's members on
 * every page: the count was a third of the database's work for a 100-member page of a 1,000-member
 * organization (bench/README.md, `--seed`). Triggers, not Gatehouse's own writes, keep it, so rows
 * written by anything else (Better Auth over an adopted database, a script) are counted too, and it
 * is exact inside the writing transaction as the members themselves are. An organization without
 * members has no row. Created with `ifNotExists` like every Gatehouse table; the backfill recounts
 * every organization after the triggers exist, in one transaction with them.
 */
export function memberCountTable(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('memberCount')
        .ifNotExists()
        .addColumn('organizationId', 'text', (c) => c.primaryKey().notNull())
        .addColumn('members', 'integer', (c) => c.notNull())
        .execute();
      // Kysely's migrator runs a PostgreSQL migration in a transaction, not a SQLite one.
      if (dialect === 'postgres') await postgresTriggers(db);
      else await db.transaction().execute(sqliteTriggers);
    },
  };
}

/**
 * Statement-level triggers over transition tables: a bulk insert of members is one upsert per
 * organization, not one per row. They run as the role that migrated (postgres-triggers.ts), so a
 * writer with rights on `member` alone is not refused on `memberCount`.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const functions = {
    gatehouse_member_count_insert: apply('select "organizationId", 1 as n from added'),
    gatehouse_member_count_delete: apply('select "organizationId", -1 as n from removed'),
    // Rows moved to another organization change two counts; a role change nets to none.
    gatehouse_member_count_update: apply(
      'select "organizationId", 1 as n from added union all select "organizationId", -1 from removed',
    ),
    gatehouse_member_count_truncate: 'delete from "memberCount";',
  };
  await createTriggerFunctions(db, functions);
  await createStatementTriggers(db, [
    ['member', 'member_count_insert', 'insert'],
    ['member', 'member_count_delete', 'delete'],
    ['member', 'member_count_update', 'update'],
    ['member', 'member_count_truncate', 'truncate'],
  ]);
  await recount(db);
}

/**
 * Adds each organization's net change (`changes`: rows of `organizationId` and `n`, +1 or -1 a
 * member) to its count, and drops the counts that reached zero.
 */
const apply = (changes: string) => `
  insert into "memberCount" as c ("organizationId", "members")
    select "organizationId", sum(n)::integer from (${changes}) as changes
    group by "organizationId" having sum(n) <> 0
    on conflict ("organizationId") do update set "members" = c."members" + excluded."members";
  delete from "memberCount" as c
    where c."members" <= 0 and c."organizationId" in (select "organizationId" from (${changes}) as changes);`;

/** Row triggers: SQLite has no statement-level ones. */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const add = (row: string) => `
    insert into "memberCount" ("organizationId", "members") values (${row}."organizationId", 1)
      on conflict ("organizationId") do update set "members" = "members" + 1;`;
  const remove = (row: string) => `
    update "memberCount" set "members" = "members" - 1 where "organizationId" = ${row}."organizationId";
    delete from "memberCount" where "organizationId" = ${row}."organizationId" and "members" <= 0;`;
  for (const statement of [
    `create trigger if not exists "member_count_insert" after insert on "member" begin ${add('new')} end`,
    `create trigger if not exists "member_count_delete" after delete on "member" begin ${remove('old')} end`,
    `create trigger if not exists "member_count_update" after update of "organizationId" on "member"
      when old."organizationId" is not new."organizationId" begin ${remove('old')} ${add('new')} end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await recount(db);
}

async function recount(db: Kysely<unknown>): Promise<void> {
  await sql`delete from "memberCount"`.execute(db);
  await sql`insert into "memberCount" ("organizationId", "members")
    select "organizationId", count(*) from "member" group by "organizationId"`.execute(db);
}
