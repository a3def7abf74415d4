import type { AuthDatabase } from '@gatehouse/core';

/** A user as the operator commands print them. */
export interface UserSummary {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  role: string | null;
  banned: boolean;
  createdAt: string;
}

/** One user in detail: the summary, how they sign in, and their sessions now. */
export interface UserDetail extends UserSummary {
  banReason: string | null;
  banExpires: string | null;
  accounts: string[];
  activeSessions: number;
}

const summaryOf = (row: Record<string, unknown>): UserSummary => ({
  id: String(row.id),
  email: String(row.email),
  name: String(row.name),
  emailVerified: row.emailVerified === true || row.emailVerified === 1,
  role: row.role === undefined || row.role === null ? null : String(row.role),
  banned: row.banned === true || row.banned === 1,
  createdAt: new Date(String(row.createdAt)).toISOString(),
});

/** The newest users first, optionally those whose email contains `search`. */
export async function listUsers(
  { db }: AuthDatabase,
  { limit, search }: { limit: number; search?: string },
): Promise<UserSummary[]> {
  let query = db.selectFrom('user').selectAll().orderBy('createdAt', 'desc').limit(limit);
  // Emails are stored lower-case; `%` and `_` in the search work as LIKE's wildcards.
  if (search) query = query.where('email', 'like', `%${search.toLowerCase()}%`);
  return (await query.execute()).map((row) => summaryOf(row as Record<string, unknown>));
}

/** The user with this id or email (emails are stored lower-case), or null. */
export async function showUser(
  { db }: AuthDatabase,
  key: string,
  now = Date.now(),
): Promise<UserDetail | null> {
  const row = (await db
    .selectFrom('user')
    .selectAll()
    .where((where) => where.or([where('id', '=', key), where('email', '=', key.toLowerCase())]))
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) return null;
  const accounts = await db
    .selectFrom('account')
    .select('providerId')
    .where('userId', '=', String(row.id))
    .execute();
  const sessions = await db
    .selectFrom('session')
    .select((select) => select.fn.countAll<number>().as('count'))
    .where('userId', '=', String(row.id))
    .where('expiresAt', '>', new Date(now).toISOString())
    .executeTakeFirst();
  return {
    ...summaryOf(row),
    banReason: (row.banReason as string | null | undefined) ?? null,
    banExpires: row.banExpires ? new Date(String(row.banExpires)).toISOString() : null,
    accounts: accounts.map((account) => account.providerId).sort(),
    activeSessions: Number(sessions?.count ?? 0),
  };
}
