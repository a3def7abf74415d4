import { type Expression, type SelectQueryBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { batchedLookup } from '../../../db/batched-lookup.ts';
import { batchedPerKey } from '../../../db/batched-per-key.ts';
import type { Executor } from '../../../db/executor.ts';
import { prepared } from '../../../db/prepared-query.ts';
import { rowLimit } from '../../../db/row-limit.ts';
import type { AuthDatabase, Schema } from '../../../db/schema.ts';

/** Members (docs/protocol/organization.md#tables); `role` is a comma-separated list. */
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;
export type NewMemberRow = {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
};

const memberOf = prepared((db, v: { organizationId: string; userId: string }) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('organizationId', '=', v.organizationId)
    .where('userId', '=', v.userId),
);

export function findMember(db: Executor, organizationId: string, userId: string) {
  return memberOf(db, { organizationId, userId }).executeTakeFirst();
}

const memberUnderPolicy = prepared((db, v: { organizationId: string; userId: string }) =>
  db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .selectAll('member')
    .select('organization.requireTwoFactor as o_requireTwoFactor')
    .where('member.organizationId', '=', v.organizationId)
    .where('member.userId', '=', v.userId),
);

/** A member row with its organization's two-factor policy, read in one query. */
export function findMemberUnderPolicy(db: Executor, organizationId: string, userId: string) {
  return memberUnderPolicy(db, { organizationId, userId }).executeTakeFirst();
}

export type MemberUnderPolicyRow = NonNullable<Awaited<ReturnType<typeof findMemberUnderPolicy>>>;

/**
 * `findMemberUnderPolicy` as every organization route's first read. On PostgreSQL the reads of
 * one turn of the event loop share one query, as session reads do (db/batched-lookup.ts); the key
 * is the (organization, user) pair as JSON, so no two pairs can share one.
 */
export function memberUnderPolicyQuery(
  database: AuthDatabase,
): (organizationId: string, userId: string) => Promise<MemberUnderPolicyRow | undefined> {
  if (database.dialect !== 'postgres')
    return (organizationId, userId) => findMemberUnderPolicy(database.db, organizationId, userId);
  const { sql: text } = database.db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .selectAll('member')
    .select('organization.requireTwoFactor as o_requireTwoFactor')
    .where(
      sql<SqlBool>`(${sql.ref('member.organizationId')}, ${sql.ref('member.userId')}) in (select * from unnest(${sql.val([])}::text[], ${sql.val([])}::text[]))`,
    )
    .compile();
  const lookup = batchedLookup(
    (keys) => {
      const pairs = keys.map((key) => JSON.parse(key) as [string, string]);
      return database.selectAll(text, [
        pairs.map(([organization]) => organization),
        pairs.map(([, user]) => user),
      ]);
    },
    (row) => JSON.stringify([row.organizationId, row.userId]),
  );
  return (organizationId, userId) =>
    lookup(JSON.stringify([organizationId, userId])) as Promise<MemberUnderPolicyRow | undefined>;
}

const memberById = prepared((db, v: { id: string }) =>
  db.selectFrom('member').selectAll().where('id', '=', v.id),
);

export function findMemberById(db: Executor, id: string) {
  return memberById(db, { id }).executeTakeFirst();
}

/** The user's public fields a member row carries when joined (`MemberU`, organization-json.ts). */
const userColumns = ['user.name as u_name', 'user.email as u_email', 'user.image as u_image'] as const;

/** Members joined with their user's public fields (as `u_name`, `u_email`, `u_image`). */
export function membersWithUser(db: Executor) {
  return db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .selectAll('member')
    .select(userColumns);
}

/**
 * A window of members (a sorted, limited read of `member`) joined to their users, in the window's
 * order with the id breaking ties. Taking the window before the join means only its members are
 * joined, whatever plan the database picks: joined first, PostgreSQL hashed the whole user table for
 * an organization of 1,000 (about 15 ms a query at 100,000 users).
 *
 * Every row of a window has the organization the caller asked for, so it is not read back: one
 * column fewer per member to send and decode, on pages of a hundred.
 */
export function windowWithUsers(
  db: Executor,
  window: SelectQueryBuilder<Schema, 'member', MemberRow>,
  sortBy: keyof MemberRow & string,
  direction: 'asc' | 'desc',
) {
  return db
    .selectFrom(window.as('member'))
    .innerJoin('user', 'user.id', 'member.userId')
    .select(['member.id', 'member.userId', 'member.role', 'member.createdAt'])
    .select(userColumns)
    .orderBy(`member.${sortBy}`, direction)
    .orderBy('member.id');
}

export type MemberWithUserRow = NonNullable<Awaited<ReturnType<typeof findMemberWithUser>>>;
/** A member of a known organization with its user's `u_` columns (`windowWithUsers`). */
export type OrganizationMemberRow = Omit<MemberWithUserRow, 'organizationId'>;

const memberWithUser = prepared((db, v: { organizationId: string; userId: string }) =>
  membersWithUser(db)
    .where('member.organizationId', '=', v.organizationId)
    .where('member.userId', '=', v.userId),
);

export function findMemberWithUser(db: Executor, organizationId: string, userId: string) {
  return memberWithUser(db, { organizationId, userId }).executeTakeFirst();
}

export function findMemberByEmail(db: Executor, organizationId: string, email: string) {
  return membersWithUser(db)
    .where('member.organizationId', '=', organizationId)
    .where('user.email', '=', email)
    .executeTakeFirst();
}

/** How many members get-full-organization answers unless asked for another number. */
export const FIRST_MEMBERS = 100;

/**
 * An organization's first members with their users; `organizationId` a value or the batch's key,
 * which the rows carry so a batch can tell its organizations' members apart.
 */
const firstMembersOfOne = (db: Executor, organizationId: string | Expression<string>, limit: number) =>
  windowWithUsers(
    db,
    db
      .selectFrom('member')
      .selectAll('member')
      .where('member.organizationId', '=', organizationId)
      .orderBy('member.createdAt')
      .orderBy('member.id')
      .limit(rowLimit(limit)),
    'createdAt',
    'asc',
  ).select('member.organizationId');

// The limit is written into the SQL (row-limit.ts): the usual one is prepared, another built each time.
const firstMembersWithUser = prepared((db, v: { organizationId: string }) =>
  firstMembersOfOne(db, v.organizationId, FIRST_MEMBERS),
);

/** An organization's first members with their users, oldest first. */
export function listMembersWithUser(db: Executor, organizationId: string, limit: number) {
  return limit === FIRST_MEMBERS
    ? firstMembersWithUser(db, { organizationId }).execute()
    : firstMembersOfOne(db, organizationId, limit).execute();
}

/**
 * An organization's first `FIRST_MEMBERS` members with their users, for reads outside a
 * transaction; batched per turn on PostgreSQL.
 */
export function firstMembersQuery(
  database: AuthDatabase,
): (organizationId: string) => Promise<MemberWithUserRow[]> {
  return batchedPerKey<MemberWithUserRow>(
    database,
    (key) => firstMembersOfOne(database.db, key, FIRST_MEMBERS),
    'organizationId',
    (organizationId) => listMembersWithUser(database.db, organizationId, FIRST_MEMBERS),
  );
}

export function insertMember(db: Executor, row: NewMemberRow) {
  return db.insertInto('member').values(row).execute();
}

export async function countMembers(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The organizations a user belongs to, with the member row's role and date, oldest first. */
export function membershipsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .select([
      'member.id as memberId',
      'member.role as role',
      'member.createdAt as joinedAt',
      'organization.id as organizationId',
      'organization.name as name',
      'organization.slug as slug',
      'organization.logo as logo',
    ])
    .where('member.userId', '=', userId)
    .orderBy('member.createdAt')
    .orderBy('member.id')
    .execute();
}

export async function countMembershipsOfUser(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members holding a role name (as one of their comma-separated roles); read at most 100 rows. */
export async function membersHoldingRole(
  db: Executor,
  organizationId: string,
  role: string,
): Promise<number> {
  const rows = await db
    .selectFrom('member')
    .select('role')
    .where('organizationId', '=', organizationId)
    .where('role', 'like', `%${role}%`)
    .limit(rowLimit(100))
    .execute();
  return rows.filter((row) => row.role.split(',').some((name) => name.trim() === role)).length;
}

export function updateMemberRole(db: Executor, id: string, role: string) {
  return db.updateTable('member').set({ role }).where('id', '=', id).execute();
}

/** Removes a member and their memberships of the organization's teams. */
export async function deleteMemberWithTeams(
  trx: Transaction<Schema>,
  member: { id: string; organizationId: string; userId: string },
): Promise<void> {
  const teams = trx.selectFrom('team').select('id').where('organizationId', '=', member.organizationId);
  await trx
    .deleteFrom('teamMember')
    .where('userId', '=', member.userId)
    .where('teamId', 'in', teams)
    .execute();
  await trx.deleteFrom('member').where('id', '=', member.id).execute();
}
