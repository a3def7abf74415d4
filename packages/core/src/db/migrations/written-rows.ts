import type { AuthDatabase } from '../schema.ts';

/**
 * Rows written straight into the tables, as another application sharing the database would: the
 * migration tests' way to check what triggers keep, whoever writes.
 */
const at = new Date(Date.UTC(2026, 0, 1)).toISOString();

export async function insertOrganizations(database: AuthDatabase, ids: string[]): Promise<void> {
  await database.db
    .insertInto('organization')
    .values(ids.map((id) => ({ id, name: id, slug: id, createdAt: at })) as never)
    .execute();
}

/** Users named and addressed by their ids. */
export async function insertUsers(database: AuthDatabase, ids: string[]): Promise<void> {
  await database.db
    .insertInto('user')
    .values(
      ids.map((id) => ({
        id,
        name: id,
        email: `${id}@example.com`,
        emailVerified: 0,
        createdAt: at,
        updatedAt: at,
      })) as never,
    )
    .execute();
}

/** Memberships of existing users, each with the id `m-<organization>-<user>`. */
export async function insertMembers(
  database: AuthDatabase,
  organizationId: string,
  userIds: string[],
): Promise<void> {
  await database.db
    .insertInto('member')
    .values(
      userIds.map((userId) => ({
        id: `m-${organizationId}-${userId}`,
        organizationId,
        userId,
        role: 'member',
        createdAt: at,
      })),
    )
    .execute();
}
