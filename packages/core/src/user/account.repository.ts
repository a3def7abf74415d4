import type { Kysely } from 'kysely';
import { generateId } from '../crypto/random.ts';
import type { Schema } from '../db/schema.ts';

export const CREDENTIAL_PROVIDER = 'credential';

export interface NewCredentialAccount {
  id: string;
  userId: string;
  passwordHash: string;
  now: string;
}

/** The credential account's accountId is the user id itself (Better Auth's convention). */
export function insertCredentialAccount(db: Kysely<Schema>, account: NewCredentialAccount): Promise<unknown> {
  return db
    .insertInto('account')
    .values({
      id: account.id,
      accountId: account.userId,
      providerId: CREDENTIAL_PROVIDER,
      userId: account.userId,
      password: account.passwordHash,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      createdAt: account.now,
      updatedAt: account.now,
    })
    .execute();
}

export function deleteAccountsOfUser(db: Kysely<Schema>, userId: string): Promise<unknown> {
  return db.deleteFrom('account').where('userId', '=', userId).execute();
}

/** The stored password hash of a user's credential account, or null when there is none. */
export async function findCredentialPassword(db: Kysely<Schema>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', CREDENTIAL_PROVIDER)
    .where('accountId', '=', userId)
    .executeTakeFirst();
  return row?.password ?? null;
}

/** Sets the credential password, creating the credential account if the user had none. */
export async function setCredentialPassword(
  db: Kysely<Schema>,
  userId: string,
  passwordHash: string,
  nowMs: number,
): Promise<void> {
  const now = new Date(nowMs).toISOString();
  const result = await db
    .updateTable('account')
    .set({ password: passwordHash, updatedAt: now })
    .where('userId', '=', userId)
    .where('providerId', '=', CREDENTIAL_PROVIDER)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    await insertCredentialAccount(db, { id: generateId(), userId, passwordHash, now });
  }
}

/**
 * Replaces the credential password only while it is still `from`: an imported hash rehashed on its first
 * successful check (docs/protocol/import.md#41-storage-and-sign-in-decision) never overwrites a password
 * changed in the meantime.
 */
export async function replaceCredentialPassword(
  db: Kysely<Schema>,
  userId: string,
  change: { from: string; to: string },
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('account')
    .set({ password: change.to, updatedAt: new Date(nowMs).toISOString() })
    .where('userId', '=', userId)
    .where('providerId', '=', CREDENTIAL_PROVIDER)
    .where('password', '=', change.from)
    .execute();
}
