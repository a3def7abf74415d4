import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

// `username` is the feature's column on `user` (migration 0023), outside the core's UserTable type.
const USERNAME = 'username' as never;

/** The user holding a normalised username (the unique index makes it one at most). */
export function findUserByUsername(
  db: Kysely<Schema>,
  normalized: string,
): Promise<Record<string, unknown> | undefined> {
  return db
    .selectFrom('user')
    .selectAll()
    .where(USERNAME, '=', normalized as never)
    .executeTakeFirst();
}

/** The id of the user holding a normalised username, if any. */
export async function usernameHolder(db: Kysely<Schema>, normalized: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where(USERNAME, '=', normalized as never)
    .executeTakeFirst();
  return row?.id;
}
