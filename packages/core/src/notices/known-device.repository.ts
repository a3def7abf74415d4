import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';

/**
 * Remembers a device for an account; answers true when it was not known before. One statement
 * for a known device (the insert that does nothing), so a familiar sign-in costs one write.
 */
export async function rememberDevice(
  db: Kysely<Schema>,
  userId: string,
  fingerprint: string,
  now: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('knownDevice')
    .values({ userId, fingerprint, firstSeenAt: now })
    .onConflict((conflict) => conflict.columns(['userId', 'fingerprint']).doNothing())
    .returning('userId')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** How many devices an account has signed in from. */
export async function countKnownDevices(db: Kysely<Schema>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('knownDevice')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
