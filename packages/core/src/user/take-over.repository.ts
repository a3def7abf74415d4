import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema.ts';
import { deleteSessionsOfUser } from '../session/session.repository.ts';
import { CREDENTIAL_PROVIDER } from './account.repository.ts';

// Taking over an account whose address nobody had proven, once someone proves it: the operator's
// `create-admin --take-over` (features/admin/README.md), a sign-in by emailed link or code
// (docs/protocol/passwordless.md#12-get-magic-linkverify, step 5) and a password reset
// (features/password-reset/README.md).

/** What a take-over removed from an account whose address nobody had proven. */
export interface RemovedCredentials {
  passkeys: number;
  /** Whether the account had two-factor set up (or pending). */
  twoFactor: boolean;
  /** The providers of the linked social accounts, sorted. */
  socialAccounts: string[];
}

/**
 * Removes every way back into the account but the password, which the caller replaces or removes:
 * passkeys, the two-factor secret with its trusted browsers, and linked social accounts. The
 * tables are the passkey and two-factor features' own; they are read here directly because a
 * feature never imports another, and they exist whether or not those features are on.
 */
export async function removeOtherCredentials(
  db: Kysely<Schema>,
  userId: string,
): Promise<RemovedCredentials> {
  const passkeys = await db.deleteFrom('passkey').where('userId', '=', userId).executeTakeFirst();
  const twoFactor = await db.deleteFrom('twoFactor').where('userId', '=', userId).executeTakeFirst();
  await db
    .deleteFrom('verification')
    .where('identifier', 'like', 'trust-device-%')
    .where('value', '=', userId)
    .execute();
  const social = await db
    .deleteFrom('account')
    .where('userId', '=', userId)
    .where('providerId', '!=', CREDENTIAL_PROVIDER)
    .returning('providerId')
    .execute();
  return {
    passkeys: Number(passkeys.numDeletedRows),
    twoFactor: Number(twoFactor.numDeletedRows) > 0,
    socialAccounts: social.map((row) => row.providerId).sort(),
  };
}

export function deleteCredentialAccount(db: Kysely<Schema>, userId: string): Promise<unknown> {
  return db
    .deleteFrom('account')
    .where('userId', '=', userId)
    .where('providerId', '=', CREDENTIAL_PROVIDER)
    .execute();
}

/**
 * The person who just proved the address becomes the account's only holder: in one transaction the
 * address is marked verified, and every session and every way back in (password, passkeys,
 * two-factor with its trusted browsers, linked social accounts) made before the proof is removed.
 * The verified flag decides races: only the claim that turned it on removes anything, so a second
 * proof arriving at the same moment does not end the first one's new session. Returns the ended
 * sessions' tokens, for the caller to remember as revoked, or null when another claim came first.
 */
export function claimUnprovenAccount(
  db: Kysely<Schema>,
  userId: string,
  nowMs: number,
): Promise<string[] | null> {
  return db.transaction().execute((trx) => claimUnprovenAccountWithin(trx, userId, nowMs));
}

/** The same claim inside the caller's transaction: a password reset sets the new password after it. */
export async function claimUnprovenAccountWithin(
  trx: Kysely<Schema>,
  userId: string,
  nowMs: number,
): Promise<string[] | null> {
  const claimed = await trx
    .updateTable('user')
    .set({ emailVerified: 1, twoFactorEnabled: 0, updatedAt: new Date(nowMs).toISOString() } as never)
    .where('id', '=', userId)
    .where('emailVerified', '=', 0)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return null;
  const ended = await deleteSessionsOfUser(trx, userId);
  await removeOtherCredentials(trx, userId);
  await deleteCredentialAccount(trx, userId);
  return ended;
}
