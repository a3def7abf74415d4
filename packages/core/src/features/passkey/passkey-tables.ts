import type { ColumnType } from 'kysely';
import type { BooleanColumn, DateColumn } from '../../db/schema.ts';

/**
 * One WebAuthn credential (docs/protocol/passkey.md#the-passkey-table). `publicKey` is the COSE key in
 * standard base64, `credentialID` base64url as the browser returns it, `transports` comma-joined.
 * `lastUsedAt` is Gatehouse's own (features/passkey/README.md): null until the first sign-in, and
 * absent from a database only Better Auth has written until the migration adds it.
 */
export interface PasskeyTable {
  id: string;
  name: string | null;
  publicKey: string;
  userId: string;
  credentialID: string;
  counter: ColumnType<number | string, number, number>;
  deviceType: string;
  backedUp: BooleanColumn;
  transports: string | null;
  createdAt: DateColumn | null;
  aaguid: string | null;
  lastUsedAt: DateColumn | null;
}

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface PasskeyTables {
  passkey: PasskeyTable;
}
