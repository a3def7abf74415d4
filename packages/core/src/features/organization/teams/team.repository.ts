import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { generateId } from '../../../crypto/random.ts';
import type { Executor } from '../../../db/executor.ts';
import { hotRead, type ReadOn } from '../../../db/hot-read.ts';
import { rowLimit } from '../../../db/row-limit.ts';
import type { Schema } from '../../../db/schema.ts';

/** Teams and their members (docs/protocol/organization.md#tables). */

export function findTeam(db: Executor, organizationId: string, teamId: string) {
  return db
    .selectFrom('team')
    .selectAll()
    .where('id', '=', teamId)
    .where('organizationId', '=', organizationId)
    .executeTakeFirst();
}

export function findTeamById(db: Executor, teamId: string) {
  return db.selectFrom('team').selectAll().where('id', '=', teamId).executeTakeFirst();
}

const teamsOf = hotRead((db, v: { organizationId: string }) =>
  db
    .selectFrom('team')
    .selectAll()
    .where('organizationId', '=', v.organizationId)
    .orderBy('createdAt')
    .limit(rowLimit(100)),
);

export function listTeamsOfOrganization(on: ReadOn, organizationId: string) {
  return teamsOf.all(on, { organizationId });
}

/** An organization's first 100 teams with their member counts. */
const teamsWithCountsOfOne = (db: Kysely<Schema>, organizationId: string) =>
  db
    .selectFrom('team')
    .selectAll('team')
    .select((eb) =>
      eb
        .selectFrom('teamMember')
        .select(eb.fn.countAll().as('n'))
        .whereRef('teamMember.teamId', '=', 'team.id')
        .as('memberCount'),
    )
    .where('team.organizationId', '=', organizationId)
    .orderBy('team.createdAt')
    .limit(rowLimit(100));

type TeamWithCountRow = Awaited<ReturnType<ReturnType<typeof teamsWithCountsOfOne>['execute']>>[number];

// get-full-organization's with teams on: batched per turn on PostgreSQL.
const teamsWithCountsOf = hotRead((db, v: { organizationId: string }) =>
  teamsWithCountsOfOne(db, v.organizationId),
).batchedBy({ organizationId: 'organizationId' });

// PostgreSQL counts in bigint, which the driver hands over as text.
const splitCount = ({ memberCount, ...team }: TeamWithCountRow) => ({
  team,
  memberCount: Number(memberCount ?? 0),
});

/** The organization's first teams, oldest first, each with its member count, in one query. */
export async function listTeamsWithMemberCounts(on: ReadOn, organizationId: string) {
  return (await teamsWithCountsOf.all(on, { organizationId })).map(splitCount);
}

export async function countTeams(db: Executor, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom('team')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every team membership in the organization, as user id → the ids of their teams. */
export async function teamIdsByUser(db: Executor, organizationId: string): Promise<Record<string, string[]>> {
  const rows = await db
    .selectFrom('teamMember')
    .innerJoin('team', 'team.id', 'teamMember.teamId')
    .select(['teamMember.userId as userId', 'teamMember.teamId as teamId'])
    .where('team.organizationId', '=', organizationId)
    .orderBy('team.name')
    .execute();
  const teams: Record<string, string[]> = {};
  for (const { userId, teamId } of rows) {
    const own = teams[userId] ?? [];
    own.push(teamId);
    teams[userId] = own;
  }
  return teams;
}

export async function countTeamMembers(db: Executor, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('teamMember')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('teamId', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertTeam(
  db: Executor,
  row: { id: string; name: string; organizationId: string; createdAt: string; updatedAt: string | null },
) {
  return db
    .insertInto('team')
    .values({ ...row, memberCount: 0 })
    .execute();
}

export function updateTeamRow(db: Executor, id: string, changes: { name: string; updatedAt: string }) {
  return db.updateTable('team').set(changes).where('id', '=', id).execute();
}

function teamMemberQuery(db: Executor, teamId: string, userId: string) {
  return db.selectFrom('teamMember').selectAll().where('teamId', '=', teamId).where('userId', '=', userId);
}

export function findTeamMember(db: Executor, teamId: string, userId: string) {
  return teamMemberQuery(db, teamId, userId).executeTakeFirst();
}

/** One row per (team, user), guaranteed by the unique key; adding twice returns the first row. */
export async function addTeamMember(db: Executor, teamId: string, userId: string, now: string) {
  const existing = await findTeamMember(db, teamId, userId);
  if (existing) return existing;
  const membershipKey = createHash('sha256').update(`${teamId}\u0000${userId}`).digest('base64url');
  const row = { id: generateId(), teamId, userId, membershipKey, createdAt: now };
  await db
    .insertInto('teamMember')
    .values(row)
    .onConflict((oc) => oc.column('membershipKey').doNothing())
    .execute();
  // The row exists now: inserted here, or by the request that won the unique key.
  return await teamMemberQuery(db, teamId, userId).executeTakeFirstOrThrow();
}

export function removeTeamMember(db: Executor, teamId: string, userId: string) {
  return db.deleteFrom('teamMember').where('teamId', '=', teamId).where('userId', '=', userId).execute();
}

export function listTeamMembers(db: Executor, teamId: string) {
  return db.selectFrom('teamMember').selectAll().where('teamId', '=', teamId).orderBy('createdAt').execute();
}

/** Teams a user is on, within one organization or (organizationId undefined) in every one they belong to. */
export function listTeamsOfUser(db: Executor, userId: string, organizationId: string | undefined) {
  let query = db
    .selectFrom('team')
    .innerJoin('teamMember', 'teamMember.teamId', 'team.id')
    .selectAll('team')
    .where('teamMember.userId', '=', userId)
    .where(
      'team.organizationId',
      'in',
      db.selectFrom('member').select('organizationId').where('userId', '=', userId),
    );
  if (organizationId) query = query.where('team.organizationId', '=', organizationId);
  return query.orderBy('team.createdAt').execute();
}

/** Removes a team with its members, and drops it from pending invitations that name it. */
export async function deleteTeam(trx: Transaction<Schema>, organizationId: string, teamId: string) {
  await trx.deleteFrom('teamMember').where('teamId', '=', teamId).execute();
  await trx.deleteFrom('team').where('id', '=', teamId).execute();
  const invitations = await trx
    .selectFrom('invitation')
    .select(['id', 'teamId'])
    .where('organizationId', '=', organizationId)
    .where('status', '=', 'pending')
    .where('teamId', 'like', `%${teamId}%`)
    .execute();
  for (const invitation of invitations) {
    const remaining = (invitation.teamId ?? '').split(',').filter((id) => id && id !== teamId);
    await trx
      .updateTable('invitation')
      .set({ teamId: remaining.length > 0 ? remaining.join(',') : null })
      .where('id', '=', invitation.id)
      .execute();
  }
}
