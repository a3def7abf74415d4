import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { CREDENTIAL_PROVIDER } from '../../user/account.repository.ts';

/** What a take-over removed from an account whose address nobody had proven (README.md). */
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
