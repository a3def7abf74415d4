import { type Kysely, sql } from 'kysely';
import { generateId } from '../../crypto/random.ts';
import { type Schema, toBoolean } from '../../db/schema.ts';

/**
 * A user's `twoFactor` row as the feature works with it (docs/protocol/two-factor.md#the-two-factor-table).
 */
export interface TwoFactorRow {
  id: string;
  userId: string;
  /** Encrypted TOTP secret. */
  secret: string;
  /** Encrypted JSON array of the unused backup codes. */
  backupCodes: string;
  /** False while an enrolment waits for its first code; a missing value counts as verified. */
  verified: boolean;
  failedVerificationCount: number;
  lockedUntil: Date | null;
}

export async function findTwoFactor(db: Kysely<Schema>, userId: string): Promise<TwoFactorRow | null> {
  const row = await db.selectFrom('twoFactor').selectAll().where('userId', '=', userId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.userId,
    secret: row.secret,
    backupCodes: row.backupCodes,
    verified: row.verified === null || row.verified === undefined ? true : toBoolean(row.verified),
    failedVerificationCount: Number(row.failedVerificationCount ?? 0),
    lockedUntil: row.lockedUntil ? new Date(row.lockedUntil) : null,
  };
}

/**
 * Stores a new enrolment: the user's rows are replaced by one holding the new secret and codes
 * (a pending enrolment is silently replaced, docs/protocol/two-factor.md#enable step 5), in one transaction.
 */
export async function replaceTwoFactor(
  db: Kysely<Schema>,
  values: { userId: string; secret: string; backupCodes: string; verified: boolean },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('twoFactor').where('userId', '=', values.userId).execute();
    await trx
      .insertInto('twoFactor')
      .values({
        id: generateId(),
        userId: values.userId,
        secret: values.secret,
        backupCodes: values.backupCodes,
        verified: values.verified ? 1 : 0,
        failedVerificationCount: 0,
        lockedUntil: null,
      })
      .execute();
  });
}

export async function markTwoFactorVerified(db: Kysely<Schema>, id: string): Promise<void> {
  await db.updateTable('twoFactor').set({ verified: 1 }).where('id', '=', id).execute();
}

export async function deleteTwoFactorOfUser(db: Kysely<Schema>, userId: string): Promise<void> {
  await db.deleteFrom('twoFactor').where('userId', '=', userId).execute();
}

export async function setBackupCodes(db: Kysely<Schema>, id: string, backupCodes: string): Promise<void> {
  await db.updateTable('twoFactor').set({ backupCodes }).where('id', '=', id).execute();
}

/**
 * Writes the codes left after one was used, only if the column still holds what was read:
 * of two requests spending codes at once, one wins and the other is told to retry.
 */
export async function swapBackupCodes(
  db: Kysely<Schema>,
  id: string,
  expected: string,
  next: string,
): Promise<boolean> {
  const result = await db
    .updateTable('twoFactor')
    .set({ backupCodes: next })
    .where('id', '=', id)
    .where('backupCodes', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Counts one failed check atomically and returns the new count. */
export async function incrementFailures(db: Kysely<Schema>, id: string): Promise<number> {
  const row = await db
    .updateTable('twoFactor')
    .set({ failedVerificationCount: sql`coalesce(${sql.ref('failedVerificationCount')}, 0) + 1` })
    .where('id', '=', id)
    .returning('failedVerificationCount')
    .executeTakeFirst();
  return Number(row?.failedVerificationCount ?? 0);
}

export async function lockTwoFactor(db: Kysely<Schema>, id: string, until: Date): Promise<void> {
  await db.updateTable('twoFactor').set({ lockedUntil: until.toISOString() }).where('id', '=', id).execute();
}

export async function resetFailures(db: Kysely<Schema>, id: string): Promise<void> {
  await db
    .updateTable('twoFactor')
    .set({ failedVerificationCount: 0, lockedUntil: null })
    .where('id', '=', id)
    .execute();
}

/**
 * Forgets every browser trusted to skip two-factor for a user
 * (docs/protocol/two-factor.md#d2-trusted-browsers-go-with-the-factor); their cookies then verify
 * nothing. Answers how many there were.
 */
export async function deleteTrustedDevicesOfUser(db: Kysely<Schema>, userId: string): Promise<number> {
  const result = await db
    .deleteFrom('verification')
    .where('identifier', 'like', 'trust-device-%')
    .where('value', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setTwoFactorEnabled(
  db: Kysely<Schema>,
  userId: string,
  enabled: boolean,
  now: string,
): Promise<void> {
  await db
    .updateTable('user')
    .set({ twoFactorEnabled: enabled ? 1 : 0, updatedAt: now } as never)
    .where('id', '=', userId)
    .execute();
}

/** Adds one to a decimal counter kept in a verification row, atomically; null when the row is gone or expired. */
export async function incrementCounterRow(
  db: Kysely<Schema>,
  identifier: string,
  nowMs: number,
): Promise<number | null> {
  const row = await db
    .updateTable('verification')
    .set({ value: sql`cast(cast(${sql.ref('value')} as integer) + 1 as text)` })
    .where('identifier', '=', identifier)
    .where('expiresAt', '>', new Date(nowMs).toISOString())
    .returning('value')
    .executeTakeFirst();
  return row ? Number(row.value) : null;
}

/** Two-factor off for a user: the flag, the secret and codes, and every trusted browser, together. */
export async function turnOffTwoFactor(db: Kysely<Schema>, userId: string, updatedAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setTwoFactorEnabled(trx, userId, false, updatedAt);
    await deleteTwoFactorOfUser(trx, userId);
    await deleteTrustedDevicesOfUser(trx, userId);
  });
}
