import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/**
 * The import's SQL: reads keyed by a whole batch at once (one `IN` query each,
 * docs/protocol/import.md#11-performance) and multi-row inserts.
 */

/** Rows per INSERT: PostgreSQL takes at most 65 535 parameters a statement, a user row has about 12. */
const ROWS_PER_INSERT = 500;
/** Values per `IN` list, well within both databases' parameter limits. */
const VALUES_PER_READ = 5000;

function chunks<T>(values: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < values.length; at += size) out.push(values.slice(at, at + size));
  return out;
}

/** Normalised email → id of the users that exist among `emails`. */
export async function userIdsByEmail(db: Kysely<Schema>, emails: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(emails, VALUES_PER_READ)) {
    const rows = await db.selectFrom('user').select(['id', 'email']).where('email', 'in', part).execute();
    for (const row of rows) found.set(row.email, row.id);
  }
  return found;
}

/** The accounts of these users: provider and provider's id, to add only the missing ones. */
export async function accountsOfUsers(db: Kysely<Schema>, userIds: string[]) {
  const rows: { userId: string; providerId: string; accountId: string }[] = [];
  for (const part of chunks(userIds, VALUES_PER_READ))
    rows.push(
      ...(await db
        .selectFrom('account')
        .select(['userId', 'providerId', 'accountId'])
        .where('userId', 'in', part)
        .execute()),
    );
  return rows;
}

/** The accounts whose provider's id is among `accountIds`, with their user's email. */
export async function holdersOfAccountIds(db: Kysely<Schema>, accountIds: string[]) {
  const rows: { providerId: string; accountId: string; email: string }[] = [];
  for (const part of chunks(accountIds, VALUES_PER_READ))
    rows.push(
      ...(await db
        .selectFrom('account')
        .innerJoin('user', 'user.id', 'account.userId')
        .select(['account.providerId', 'account.accountId', 'user.email'])
        .where('account.accountId', 'in', part)
        .execute()),
    );
  return rows;
}

/** The organizations these users belong to. */
export async function membershipsOfUsers(db: Kysely<Schema>, userIds: string[]) {
  const rows: { userId: string; organizationId: string }[] = [];
  for (const part of chunks(userIds, VALUES_PER_READ))
    rows.push(
      ...(await db
        .selectFrom('member')
        .select(['userId', 'organizationId'])
        .where('userId', 'in', part)
        .execute()),
    );
  return rows;
}

/** Slug → id of the organizations that exist among `slugs`. */
export async function organizationIdsBySlug(
  db: Kysely<Schema>,
  slugs: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const part of chunks(slugs, VALUES_PER_READ)) {
    const rows = await db
      .selectFrom('organization')
      .select(['id', 'slug'])
      .where('slug', 'in', part)
      .execute();
    for (const row of rows) found.set(row.slug, row.id);
  }
  return found;
}

/** Inserts database-ready rows, several to a statement. */
export async function insertRows(
  db: Kysely<Schema>,
  table: 'user' | 'account' | 'member' | 'organization',
  rows: Record<string, unknown>[],
): Promise<void> {
  for (const part of chunks(rows, ROWS_PER_INSERT))
    await db
      .insertInto(table)
      .values(part as never)
      .execute();
}
