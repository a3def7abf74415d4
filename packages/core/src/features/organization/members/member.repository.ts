import { Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Executor } from '../../../db/executor.ts';
import { hotRead, type ReadOn } from '../../../db/hot-read.ts';
import { rowLimit } from '../../../db/row-limit.ts';
import type { Schema } from '../../../db/schema.ts';

/** Members (docs/protocol/organization.md#tables); `role` is a comma-separated list. */
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;
export type NewMemberRow = {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
};

const memberOf = hotRead((db, v: { organizationId: string; userId: string }) =>
  db
    .selectFrom('member')
    .selectAll()
    .where('organizationId', '=', v.organizationId)
    .where('userId', '=', v.userId),
);

export function findMember(on: ReadOn, organizationId: string, userId: string) {
  return memberOf.first(on, { organizationId, userId });
}

// Every organization route's first read: batched per turn on PostgreSQL, by the pair.
const memberUnderPolicy = hotRead((db, v: { organizationId: string; userId: string }) =>
  db
    .selectFrom('member')
    .innerJoin('organization', 'organization.id', 'member.organizationId')
    .selectAll('member')
    .select('organization.requireTwoFactor as o_requireTwoFactor')
    .where('member.organizationId', '=', v.organizationId)
    .where('member.userId', '=', v.userId),
).batchedBy({ organizationId: 'organizationId', userId: 'userId' });

/** A member row with its organization's two-factor policy, read in one query. */
export function findMemberUnderPolicy(on: ReadOn, organizationId: string, userId: string) {
  return memberUnderPolicy.first(on, { organizationId, userId });
}

export type MemberUnderPolicyRow = NonNullable<Awaited<ReturnType<typeof findMemberUnderPolicy>>>;

const memberById = hotRead((db, v: { id: string }) =>
  db.selectFrom('member').selectAll().where('id', '=', v.id),
);

export function findMemberById(on: ReadOn, id: string) {
  return memberById.first(on, { id });
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

const memberWithUser = hotRead((db, v: { organizationId: string; userId: string }) =>
  membersWithUser(db)
    .where('member.organizationId', '=', v.organizationId)
    .where('member.userId', '=', v.userId),
);

export function findMemberWithUser(on: ReadOn, organizationId: string, userId: string) {
  return memberWithUser.first(on, { organizationId, userId });
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
 * An organization's first members with their users; the rows carry the organization so a batch
 * can tell its organizations' members apart.
 */
const firstMembersOfOne = (db: Executor, organizationId: string, limit: number) =>
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

// The limit is written into the SQL (row-limit.ts): the usual one is a hot read, batched per turn
// on PostgreSQL (get-full-organization's); another is built each time.
const firstMembersWithUser = hotRead((db, v: { organizationId: string }) =>
  firstMembersOfOne(db, v.organizationId, FIRST_MEMBERS),
).batchedBy({ organizationId: 'organizationId' });

/** An organization's first members with their users, oldest first. */
export function listMembersWithUser(on: ReadOn, organizationId: string, limit: number) {
  if (limit === FIRST_MEMBERS) return firstMembersWithUser.all(on, { organizationId });
  return firstMembersOfOne(on instanceof Kysely ? on : on.db, organizationId, limit).execute();
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

/** The users holding a role name (as one of their comma-separated roles), read at most 100 rows. */
export async function usersHoldingRole(db: Executor, organizationId: string, role: string) {
  const rows = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .select(['member.role', 'user.id', 'user.email', 'user.name'])
    .where('member.organizationId', '=', organizationId)
    .where('member.role', 'like', `%${role}%`)
    .orderBy('member.createdAt')
    .limit(rowLimit(100))
    .execute();
  return rows
    .filter((row) => row.role.split(',').some((name) => name.trim() === role))
    .map(({ id, email, name }) => ({ id, email, name }));
}
