import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** Members (contract organization-admin §2.2); `role` is a comma-separated list. */
type Db = Kysely<Schema>;
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;

export function findMember(db: Db, organizationId: string, userId: string) {
  return db
    .selectFrom('member')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export function findMemberById(db: Db, id: string) {
  return db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Members joined with their user's public fields (as `u_name`, `u_email`, `u_image`). */
export function membersWithUser(db: Db) {
  return db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.userId')
    .selectAll('member')
    .select(['user.name as u_name', 'user.email as u_email', 'user.image as u_image']);
}

export function findMemberByEmail(db: Db, organizationId: string, email: string) {
  return membersWithUser(db)
    .where('member.organizationId', '=', organizationId)
    .where('user.email', '=', email)
    .executeTakeFirst();
}

export function insertMember(
  db: Db,
  row: { id: string; organizationId: string; userId: string; role: string; createdAt: string },
) {
  return db.insertInto('member').values(row).execute();
}

export async function countMembers(db: Db, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMembershipsOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('member')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Members holding a role name (as one of their comma-separated roles); read at most 100 rows. */
export async function membersHoldingRole(db: Db, organizationId: string, role: string): Promise<number> {
  const rows = await db
    .selectFrom('member')
    .select('role')
    .where('organizationId', '=', organizationId)
    .where('role', 'like', `%${role}%`)
    .limit(100)
    .execute();
  return rows.filter((row) => row.role.split(',').some((name) => name.trim() === role)).length;
}

export function updateMemberRole(db: Db, id: string, role: string) {
  return db.updateTable('member').set({ role }).where('id', '=', id).execute();
}

/** Removes a member and their memberships of the organization's teams, together. */
export async function deleteMemberWithTeams(
  db: Db,
  member: { id: string; organizationId: string; userId: string },
) {
  await db.transaction().execute(async (trx) => {
    const teams = trx.selectFrom('team').select('id').where('organizationId', '=', member.organizationId);
    await trx
      .deleteFrom('teamMember')
      .where('userId', '=', member.userId)
      .where('teamId', 'in', teams)
      .execute();
    await trx.deleteFrom('member').where('id', '=', member.id).execute();
  });
}
