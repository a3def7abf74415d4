import { type Kysely, type SqlBool, sql } from 'kysely';
import { batchedGroupLookup, batchedLookup } from '../db/batched-lookup.ts';
import { prepared } from '../db/prepared-query.ts';
import { type AuthDatabase, isoNow, type Schema } from '../db/schema.ts';

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

/** The session columns to read: the core ones, plus the active organization (and team) when on. */
export function sessionColumns(organization: boolean, teams: boolean): readonly string[] {
  if (!organization) return SESSION_COLUMNS;
  return [...SESSION_COLUMNS, 'activeOrganizationId', ...(teams ? ['activeTeamId'] : [])];
}

/**
 * get-session's database path: session and user in one indexed query. The SQL is compiled once
 * per database and run straight on the driver with a new parameter each time. On PostgreSQL the
 * reads of one turn of the event loop share one query (`batched-lookup.ts`); SQLite answers each
 * read synchronously, so there a batch would only add work.
 */
export function sessionWithUserQuery(
  database: AuthDatabase,
  columns: readonly string[] = SESSION_COLUMNS,
): (token: string) => Promise<Record<string, unknown> | undefined> {
  const select = database.db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .selectAll('user')
    .select(columns.map((c) => sql.ref(`session.${c}`).as(`s_${c}`)));
  if (database.dialect === 'postgres') {
    const { sql: text } = select
      .where(sql<SqlBool>`${sql.ref('session.token')} = any(${sql.val([])}::text[])`)
      .compile();
    return batchedLookup(
      (tokens) => database.selectAll(text, [tokens]),
      (row) => row.s_token as string,
    );
  }
  const { sql: text } = select.where('session.token', '=', '').compile();
  return (token) => database.selectFirst(text, [token]);
}

/**
 * list-sessions' read: a user's sessions unexpired at the time of the read, oldest first. On
 * PostgreSQL the reads of one turn of the event loop share one query, as get-session's do; with
 * many people listing at once that query, not the session lookup, is the route's cost. It runs on
 * the pool, never inside a transaction: a route that lists and then writes uses
 * `listActiveSessions` on its transaction instead.
 */
export function activeSessionsQuery(
  database: AuthDatabase,
  now: () => number,
): (userId: string) => Promise<Record<string, unknown>[]> {
  const select = database.db
    .selectFrom('session')
    .selectAll()
    .where('expiresAt', '>', '')
    .orderBy('createdAt', 'asc');
  if (database.dialect === 'postgres') {
    const { sql: text } = select
      .where(sql<SqlBool>`${sql.ref('userId')} = any(${sql.val([])}::text[])`)
      .compile();
    return batchedGroupLookup(
      (userIds) => database.selectAll(text, [isoNow(now()), userIds]),
      (row) => row.userId as string,
    );
  }
  const { sql: text } = select.where('userId', '=', '').compile();
  return (userId) => database.selectAll(text, [isoNow(now()), userId]);
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

const activeSessionsOf = prepared((db, v: { userId: string; now: string }) =>
  db
    .selectFrom('session')
    .selectAll()
    .where('userId', '=', v.userId)
    .where('expiresAt', '>', v.now)
    .orderBy('createdAt', 'asc'),
);

export function listActiveSessions(db: Kysely<Schema>, userId: string, now: string) {
  return activeSessionsOf(db, { userId, now }).execute();
}
