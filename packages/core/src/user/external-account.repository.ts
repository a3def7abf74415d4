import type { Kysely } from 'kysely';
import { generateId } from '../crypto/random.ts';
import { isoNow, type Schema } from '../db/schema.ts';

/** Token columns as they go to the database (already sealed where encryption is on). */
export interface AccountTokenColumns {
  accessToken?: string;
  refreshToken?: string;
  idToken?: string;
  accessTokenExpiresAt?: Date;
  refreshTokenExpiresAt?: Date;
}

/**
 * Every account with this external identity (provider id, the provider's account id); more than
 * one is a broken database (docs/protocol/social.md#user-resolution).
 */
export function findAccountsByIdentity(db: Kysely<Schema>, providerId: string, accountId: string) {
  return db
    .selectFrom('account')
    .selectAll()
    .where('providerId', '=', providerId)
    .where('accountId', '=', accountId)
    .execute();
}

/** An account held by an identity source outside this server: no password, the source's tokens. */
export async function insertExternalAccount(
  db: Kysely<Schema>,
  account: {
    userId: string;
    providerId: string;
    accountId: string;
    scope: string | null;
  } & AccountTokenColumns,
  nowMs: number,
): Promise<string> {
  const id = generateId();
  await db
    .insertInto('account')
    .values({
      id,
      accountId: account.accountId,
      providerId: account.providerId,
      userId: account.userId,
      accessToken: account.accessToken ?? null,
      refreshToken: account.refreshToken ?? null,
      idToken: account.idToken ?? null,
      accessTokenExpiresAt: account.accessTokenExpiresAt?.toISOString() ?? null,
      refreshTokenExpiresAt: account.refreshTokenExpiresAt?.toISOString() ?? null,
      scope: account.scope,
      password: null,
      createdAt: isoNow(nowMs),
      updatedAt: isoNow(nowMs),
    })
    .execute();
  return id;
}

/** Writes only the token columns that have a value, plus `scope` when given. */
export async function updateAccountTokens(
  db: Kysely<Schema>,
  id: string,
  columns: AccountTokenColumns & { scope?: string },
  nowMs: number,
): Promise<void> {
  const set: Record<string, string> = { updatedAt: isoNow(nowMs) };
  for (const [key, value] of Object.entries(columns)) {
    if (value === undefined) continue;
    set[key] = value instanceof Date ? value.toISOString() : value;
  }
  await db.updateTable('account').set(set).where('id', '=', id).execute();
}
