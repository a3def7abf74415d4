import type { Kysely } from 'kysely';
import { generateId } from '../crypto/random.ts';
import type { Schema } from '../db/schema.ts';

export interface VerificationValue {
  value: string;
  expiresAt: Date;
}

/** Stores a single-use value under an identifier (e.g. `reset-password:{token}` -> user id). */
export async function insertVerification(
  db: Kysely<Schema>,
  identifier: string,
  value: string,
  expiresAt: Date,
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs).toISOString();
  await db
    .insertInto('verification')
    .values({
      id: generateId(),
      identifier,
      value,
      expiresAt: expiresAt.toISOString(),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/** The newest unexpired value for an identifier, or null. */
export async function findVerification(
  db: Kysely<Schema>,
  identifier: string,
  nowMs: number,
): Promise<VerificationValue | null> {
  const row = await db
    .selectFrom('verification')
    .select(['value', 'expiresAt'])
    .where('identifier', '=', identifier)
    .where('expiresAt', '>', new Date(nowMs).toISOString())
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
  return row ? { value: row.value, expiresAt: new Date(row.expiresAt) } : null;
}

/** The value stored under an identifier, expired or not (the caller judges its age), or null. */
export async function findVerificationValue(db: Kysely<Schema>, identifier: string): Promise<string | null> {
  const row = await db
    .selectFrom('verification')
    .select('value')
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return row?.value ?? null;
}

/** Deletes every row of an identifier; true when there was one, so of two racing deletes only one wins. */
export async function deleteVerification(db: Kysely<Schema>, identifier: string): Promise<boolean> {
  const result = await db.deleteFrom('verification').where('identifier', '=', identifier).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Consumes an identifier's unexpired value: deletes every row for it and returns the value, or
 * null when there was none. The delete decides races: of two concurrent consumers, only the one
 * whose delete removed the rows gets the value.
 */
export async function consumeVerification(
  db: Kysely<Schema>,
  identifier: string,
  nowMs: number,
): Promise<string | null> {
  const found = await findVerification(db, identifier, nowMs);
  if (!found) return null;
  return (await deleteVerification(db, identifier)) ? found.value : null;
}

/** Removes expired rows; the engine's upkeep tick calls it (`audit.pruneIntervalSeconds`), so the table stays bounded. */
export async function deleteExpiredVerifications(db: Kysely<Schema>, nowMs: number): Promise<void> {
  await db.deleteFrom('verification').where('expiresAt', '<=', new Date(nowMs).toISOString()).execute();
}
