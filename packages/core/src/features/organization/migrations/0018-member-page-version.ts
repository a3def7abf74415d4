import { type Kysely, sql } from 'kysely';
import { createStatementTriggers, createTriggerFunctions } from '../../../db/migrations/postgres-triggers.ts';
import type { Dialect } from '../../../db/schema.ts';

/**
 * A version of each organization's member list, changed by triggers in the transaction of every
 * write that changes what a `list-members` page shows: a member added, removed or changed, and a
 * member's user renamed, re-addressed, given another image or deleted. A server keeps the pages it
 * answered under the version they were read at (features/organization/members/member-page-cache.ts) and
 * answers one again only while the version it reads is the same, so no page is ever stale, whichever
 * server or application wrote.
 *
 * Versions come from one counter for the whole database (a sequence on PostgreSQL, a one-row table
 * on SQLite), not from a count on the organization's own row, which starts over when the row is
 * deleted (with its organization) and made again: a version is never given twice, so a page kept
 * from before can never match. The backfill gives every organization that has members a version,
 * after the triggers exist, in one transaction with them.
 */
export function memberPageVersionTable(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('memberPageVersion')
        .ifNotExists()
        .addColumn('organizationId', 'text', (c) => c.primaryKey().notNull())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute();
      // Kysely's migrator runs a PostgreSQL migration in a transaction, not a SQLite one.
      if (dialect === 'postgres') await postgresTriggers(db);
      else await db.transaction().execute(sqliteTriggers);
    },
  };
}

const SEQUENCE = 'gatehouse_member_page_version';

/**
 * Gives each organization in `changes` (a query of `organizationId`s, repeats allowed) a new
 * version. Organizations are taken in id order, so two writers bumping the same ones wait for each
 * other instead of deadlocking.
 */
const bump = (changes: string) => `
  insert into "memberPageVersion" as v ("organizationId", "version")
    select "organizationId", nextval('${SEQUENCE}') from (
      select distinct "organizationId" from (${changes}) as changes order by "organizationId"
    ) as changed
    on conflict ("organizationId") do update set "version" = excluded."version";`;

/** The users whose id, name, email or image an update changed (nulls compare equal in `except`). */
const changedUsers = `
  select "id" from (select "id", "name", "email", "image" from removed
    except select "id", "name", "email", "image" from added) as before
  union
  select "id" from (select "id", "name", "email", "image" from added
    except select "id", "name", "email", "image" from removed) as after`;

const membershipsOf = (users: string) => `select "organizationId" from "member" where "userId" in (${users})`;

/**
 * Statement-level triggers over transition tables, run as the role that migrated
 * (postgres-triggers.ts). A user update that changes none of the four columns (a
 * session's sign-in, a ban, a verified email) bumps nothing.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`create sequence if not exists "${SEQUENCE}"`).execute(db);
  const everyOrganization = `update "memberPageVersion" set "version" = nextval('${SEQUENCE}');`;
  const functions = {
    gatehouse_member_page_insert: bump('select "organizationId" from added'),
    // An organization's deletion deletes its members after its own trigger has run: only the
    // organizations still there are given a version, so the deleted one's row stays gone.
    gatehouse_member_page_delete: bump(
      'select "organizationId" from removed where "organizationId" in (select "id" from "organization")',
    ),
    gatehouse_member_page_update: bump(
      'select "organizationId" from added union all select "organizationId" from removed',
    ),
    gatehouse_member_page_truncate: everyOrganization,
    gatehouse_member_page_user_update: bump(membershipsOf(changedUsers)),
    gatehouse_member_page_user_delete: bump(membershipsOf('select "id" from removed')),
    gatehouse_member_page_user_truncate: everyOrganization,
    gatehouse_member_page_organization_delete: `delete from "memberPageVersion"
      where "organizationId" in (select "id" from removed);`,
  };
  await createTriggerFunctions(db, functions);
  await createStatementTriggers(db, [
    ['member', 'member_page_insert', 'insert'],
    ['member', 'member_page_delete', 'delete'],
    ['member', 'member_page_update', 'update'],
    ['member', 'member_page_truncate', 'truncate'],
    ['user', 'member_page_user_update', 'update'],
    ['user', 'member_page_user_delete', 'delete'],
    ['user', 'member_page_user_truncate', 'truncate'],
    ['organization', 'member_page_organization_delete', 'delete'],
  ]);
  await sql`delete from "memberPageVersion"`.execute(db);
  await sql
    .raw(`insert into "memberPageVersion" ("organizationId", "version")
      select "organizationId", nextval('${SEQUENCE}') from (select distinct "organizationId" from "member") as m`)
    .execute(db);
}

const COUNTER = 'memberPageVersionCounter';

/**
 * Row triggers: SQLite has no statement-level ones, nor sequences, so the counter is a one-row
 * table (SQLite runs one writer at a time, so it is never contended).
 */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create table if not exists "${COUNTER}" (
      "id" integer primary key check ("id" = 1), "version" integer not null)`)
    .execute(db);
  await sql.raw(`insert or ignore into "${COUNTER}" ("id", "version") values (1, 0)`).execute(db);
  const next = `update "${COUNTER}" set "version" = "version" + 1;`;
  const current = `(select "version" from "${COUNTER}")`;
  const set = (organizations: string) => `
    insert into "memberPageVersion" ("organizationId", "version")
      select "organizationId", ${current} from (${organizations}) where true
      on conflict ("organizationId") do update set "version" = excluded."version";`;
  const ofOrganization = (row: string) => set(`select ${row}."organizationId" as "organizationId"`);
  const ofUser = (row: string) =>
    set(`select distinct "organizationId" from "member" where "userId" = ${row}."id"`);
  const userChanged = `old."id" is not new."id" or old."name" is not new."name"
    or old."email" is not new."email" or old."image" is not new."image"`;
  for (const statement of [
    `create trigger if not exists "member_page_insert" after insert on "member"
      begin ${next} ${ofOrganization('new')} end`,
    `create trigger if not exists "member_page_delete" after delete on "member"
      begin ${next} ${ofOrganization('old')} end`,
    `create trigger if not exists "member_page_update" after update on "member"
      begin ${next} ${ofOrganization('old')} ${ofOrganization('new')} end`,
    `create trigger if not exists "member_page_user_update" after update of "id", "name", "email", "image"
      on "user" when ${userChanged} begin ${next} ${ofUser('old')} ${ofUser('new')} end`,
    `create trigger if not exists "member_page_user_delete" after delete on "user"
      begin ${next} ${ofUser('old')} end`,
    `create trigger if not exists "member_page_organization_delete" after delete on "organization"
      begin delete from "memberPageVersion" where "organizationId" = old."id"; end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
  await sql`delete from "memberPageVersion"`.execute(db);
  await sql.raw(next).execute(db);
  await sql
    .raw(`insert into "memberPageVersion" ("organizationId", "version")
      select distinct "organizationId", ${current} from "member"`)
    .execute(db);
}
