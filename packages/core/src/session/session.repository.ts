import type { Kysely } from 'kysely';
import { type HotRead, hotRead, type ReadOn } from '../db/hot-read.ts';
import type { Schema } from '../db/schema.ts';
import type { ResolvedOptions } from '../options.ts';

export interface NewSessionRow {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  ipAddress: string;
  userAgent: string;
  impersonatedBy: string | null;
  activeOrganizationId?: string | null;
  activeTeamId?: string | null;
  authenticatedAt: string;
}

export function insertSession(db: Kysely<Schema>, row: NewSessionRow): Promise<unknown> {
  return db.insertInto('session').values(row).execute();
}

// The session columns are selected under `s_` names so they sit beside `user.*` in one row.
export const SESSION_COLUMNS: readonly string[] = [
  'id',
  'token',
  'userId',
  'expiresAt',
  'createdAt',
  'updatedAt',
  'ipAddress',
  'userAgent',
  'impersonatedBy',
  // Gatehouse only, read with the rest so the "recent" check needs no query of its own.
  'authenticatedAt',
];
const ORGANIZATION_COLUMNS: readonly string[] = [...SESSION_COLUMNS, 'activeOrganizationId'];
const TEAM_COLUMNS: readonly string[] = [...ORGANIZATION_COLUMNS, 'activeTeamId'];

/** The session columns to read: the core ones, plus the active organization (and team) when on. */
export function sessionColumns(organization: boolean, teams: boolean): readonly string[] {
  if (!organization) return SESSION_COLUMNS;
  return teams ? TEAM_COLUMNS : ORGANIZATION_COLUMNS;
}

/** The session columns the options read (`sessionColumns`), the same array every time. */
export const sessionColumnsOf = (options: ResolvedOptions): readonly string[] =>
  sessionColumns(options.organization !== undefined, options.organization?.teams !== undefined);

const withUser = (db: Kysely<Schema>, token: string) =>
  db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .selectAll('user')
    .select([
      'session.id as s_id',
      'session.token as s_token',
      'session.userId as s_userId',
      'session.expiresAt as s_expiresAt',
      'session.createdAt as s_createdAt',
      'session.updatedAt as s_updatedAt',
      'session.ipAddress as s_ipAddress',
      'session.userAgent as s_userAgent',
      'session.impersonatedBy as s_impersonatedBy',
      'session.authenticatedAt as s_authenticatedAt',
    ])
    .where('session.token', '=', token);

const withUserAndOrganization = (db: Kysely<Schema>, token: string) =>
  withUser(db, token).select('session.activeOrganizationId as s_activeOrganizationId');

/** A session joined with its user, the session's columns under `s_` names (`splitSessionRow`). */
export type SessionWithUserRow = Awaited<ReturnType<ReturnType<typeof withUser>['execute']>>[number] & {
  s_activeOrganizationId?: string | null;
  s_activeTeamId?: string | null;
};

// One read per shape of `sessionColumns`, each compiled once; batched by token on PostgreSQL.
const sessionWithUserReads = new Map<readonly string[], HotRead<{ token: string }, SessionWithUserRow>>([
  [
    SESSION_COLUMNS,
    hotRead((db, v: { token: string }) => withUser(db, v.token)).batchedBy({ token: 's_token' }),
  ],
  [
    ORGANIZATION_COLUMNS,
    hotRead((db, v: { token: string }) => withUserAndOrganization(db, v.token)).batchedBy({
      token: 's_token',
    }),
  ],
  [
    TEAM_COLUMNS,
    hotRead((db, v: { token: string }) =>
      withUserAndOrganization(db, v.token).select('session.activeTeamId as s_activeTeamId'),
    ).batchedBy({ token: 's_token' }),
  ],
]);

/**
 * get-session's database path: session and user in one indexed query, with the session columns
 * the options read (`sessionColumnsOf`).
 */
export function findSessionWithUser(
  database: ReadOn,
  columns: readonly string[],
  token: string,
): Promise<SessionWithUserRow | undefined> {
  const read = sessionWithUserReads.get(columns);
  if (read === undefined) throw new TypeError('sessionWithUser reads the columns of sessionColumns() only');
  return read.first(database, { token });
}

/**
 * A user's sessions unexpired at `now`, oldest first: list-sessions' read, batched by user on
 * PostgreSQL (with many people listing at once that query, not the session lookup, is the route's
 * cost), and the admin's list of a user's sessions.
 */
const activeSessions = hotRead((db, v: { userId: string; now: string }) =>
  db
    .selectFrom('session')
    .selectAll()
    .where('userId', '=', v.userId)
    .where('expiresAt', '>', v.now)
    .orderBy('createdAt', 'asc'),
).batchedBy({ userId: 'userId' });

export function listActiveSessions(on: ReadOn, userId: string, now: string) {
  return activeSessions.all(on, { userId, now });
}

/** Splits a joined row into its session columns (renamed back) and its user columns. */
export function splitSessionRow(
  row: Record<string, unknown>,
  columns: readonly string[] = SESSION_COLUMNS,
): {
  session: Record<string, unknown>;
  user: Record<string, unknown>;
} {
  const session: Record<string, unknown> = {};
  for (const column of columns) session[column] = row[`s_${column}`];
  return { session, user: row };
}

/** Extends a session; resolves to false when the row no longer exists. */
export async function updateSessionExpiry(
  db: Kysely<Schema>,
  token: string,
  expiresAt: string,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('session')
    .set({ expiresAt, updatedAt })
    .where('token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The person proved who they are again on this session (a step-up): it is fresh and recently
 * authenticated from now; resolves to false when the row no longer exists.
 */
export async function markReauthenticated(db: Kysely<Schema>, token: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('session')
    .set({ updatedAt: at, authenticatedAt: at })
    .where('token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findSessionByToken(db: Kysely<Schema>, token: string) {
  return db.selectFrom('session').selectAll().where('token', '=', token).executeTakeFirst();
}

export function deleteSessionByToken(db: Kysely<Schema>, token: string): Promise<unknown> {
  return db.deleteFrom('session').where('token', '=', token).execute();
}

/** Deletes the sessions with these tokens and answers what they were, for their events. */
export async function deleteSessionsByTokens(db: Kysely<Schema>, tokens: readonly string[]) {
  if (tokens.length === 0) return [];
  return db
    .deleteFrom('session')
    .where('token', 'in', tokens)
    .returning(['id', 'token', 'userId', 'impersonatedBy'])
    .execute();
}

/**
 * Deletes every session of a user (but the one with `keepToken`, when given) and returns their
 * tokens, so the caller can remember them as revoked.
 */
export async function deleteSessionsOfUser(
  db: Kysely<Schema>,
  userId: string,
  keepToken?: string,
): Promise<string[]> {
  let query = db.deleteFrom('session').where('userId', '=', userId);
  if (keepToken !== undefined) query = query.where('token', '!=', keepToken);
  const rows = await query.returning('token').execute();
  return rows.map((row) => row.token);
}

/** Deletes the impersonation sessions an admin runs and returns their tokens. */
export async function deleteSessionsImpersonatedBy(db: Kysely<Schema>, adminId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('session')
    .where('impersonatedBy', '=', adminId)
    .returning('token')
    .execute();
  return rows.map((row) => row.token);
}

/** Tokens of every stored session of a user, for marking their cookie caches stale. */
export async function sessionTokensOfUser(db: Kysely<Schema>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('session').select('token').where('userId', '=', userId).execute();
  return rows.map((row) => row.token);
}

/**
 * Deletes the user's unexpired sessions except one and returns their tokens; expired rows stay
 * (docs/protocol/core.md#listing-and-revoking-sessions).
 */
export async function deleteOtherActiveSessions(
  db: Kysely<Schema>,
  userId: string,
  keepToken: string,
  now: string,
): Promise<string[]> {
  const rows = await db
    .deleteFrom('session')
    .where('userId', '=', userId)
    .where('token', '!=', keepToken)
    .where('expiresAt', '>', now)
    .returning('token')
    .execute();
  return rows.map((row) => row.token);
}
