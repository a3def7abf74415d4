import type { Kysely } from 'kysely';
import { type Schema, toBoolean, toDate } from '../../db/schema.ts';

/** A passkey row as the feature works with it (docs/protocol/passkey.md#the-passkey-table). */
export interface PasskeyRow {
  id: string;
  name: string | null;
  /** COSE public key, standard base64 with padding. */
  publicKey: string;
  userId: string;
  /** base64url, as the browser reports the credential's id. */
  credentialID: string;
  counter: number;
  deviceType: string;
  backedUp: boolean;
  /** Comma-joined, `""` when the browser named none. */
  transports: string | null;
  createdAt: Date | null;
  aaguid: string | null;
  lastUsedAt: Date | null;
}

export type NewPasskey = Omit<PasskeyRow, 'lastUsedAt'>;

function fromRow(row: Record<string, unknown>): PasskeyRow {
  return {
    id: row.id as string,
    name: (row.name as string | null) ?? null,
    publicKey: row.publicKey as string,
    userId: row.userId as string,
    credentialID: row.credentialID as string,
    counter: Number(row.counter),
    deviceType: row.deviceType as string,
    backedUp: toBoolean(row.backedUp as boolean | number),
    transports: (row.transports as string | null) ?? null,
    createdAt: row.createdAt ? toDate(row.createdAt as string) : null,
    aaguid: (row.aaguid as string | null) ?? null,
    lastUsedAt: row.lastUsedAt ? toDate(row.lastUsedAt as string) : null,
  };
}

export async function insertPasskey(db: Kysely<Schema>, passkey: NewPasskey): Promise<void> {
  await db
    .insertInto('passkey')
    .values({
      ...passkey,
      backedUp: passkey.backedUp ? 1 : 0,
      createdAt: passkey.createdAt ? passkey.createdAt.toISOString() : null,
      lastUsedAt: null,
    })
    .execute();
}

export async function findPasskeyById(db: Kysely<Schema>, id: string): Promise<PasskeyRow | null> {
  const row = await db.selectFrom('passkey').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** The first row with a credential id (an adopted 1.7 database may hold the id twice: D12). */
export async function findPasskeyByCredentialID(
  db: Kysely<Schema>,
  credentialID: string,
): Promise<PasskeyRow | null> {
  const row = await db
    .selectFrom('passkey')
    .selectAll()
    .where('credentialID', '=', credentialID)
    .orderBy('createdAt')
    .executeTakeFirst();
  return row ? fromRow(row) : null;
}

/** A user's passkeys, oldest first. */
export async function listPasskeysOfUser(db: Kysely<Schema>, userId: string): Promise<PasskeyRow[]> {
  const rows = await db
    .selectFrom('passkey')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

export async function deletePasskey(db: Kysely<Schema>, id: string): Promise<void> {
  await db.deleteFrom('passkey').where('id', '=', id).execute();
}

export async function renamePasskey(
  db: Kysely<Schema>,
  id: string,
  name: string,
): Promise<PasskeyRow | null> {
  await db.updateTable('passkey').set({ name }).where('id', '=', id).execute();
  return findPasskeyById(db, id);
}

/** Stores the authenticator's new signature counter and when the passkey signed someone in. */
export async function recordPasskeyUse(
  db: Kysely<Schema>,
  id: string,
  counter: number,
  usedAt: string,
): Promise<void> {
  await db.updateTable('passkey').set({ counter, lastUsedAt: usedAt }).where('id', '=', id).execute();
}

/** How many ways to sign in a user has besides passkeys: accounts (a password or a provider). */
export async function countAccountsOfUser(db: Kysely<Schema>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('account')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
